// The contract between the CLI (composition root in bin/) and the embedded demo cluster.

export interface DemoClusterOptions {
  /** Loopback host to bind; default 127.0.0.1. */
  host?: string;
  /** 0 or unset: an ephemeral port. */
  port?: number;
  /** Milliseconds between activity ticks; 0 turns the activity loop off (the default in tests). */
  activityIntervalMs?: number;
  /** Fixed bearer tokens (tests); random per start otherwise (developer too when left out). */
  tokens?: { admin: string; viewer: string; developer?: string };
  /** Seed sizes for benchmarks; default: a few namespaces with a handful of objects. */
  seed?: { pods?: number; namespaces?: number };
  /** Turns on fault injection (the admin-only, loopback-only /-/demo/faults endpoint); off by default. */
  faultInjection?: boolean;
  /** Turns on the watch storm generator (the admin-only, loopback-only /-/demo/storm endpoint); off by default. */
  storm?: boolean;
}

export interface DemoClusterHandle {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  tokens: DemoTokens;
  close(): Promise<void>;
}

/**
 * The demo's identities: admin (system:masters), viewer (read everything but Secrets), and developer,
 * who may edit in DEMO_DEVELOPER_NAMESPACE only and has nothing cluster-wide.
 */
export interface DemoTokens {
  admin: string;
  viewer: string;
  developer: string;
}

/** The one namespace the demo's developer identity works in (its context's namespace). */
export const DEMO_DEVELOPER_NAMESPACE = 'shop';

export type StartDemoCluster = (options: DemoClusterOptions) => Promise<DemoClusterHandle>;
