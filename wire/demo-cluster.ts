// The contract between the CLI (composition root in bin/) and the embedded demo cluster.

export interface DemoClusterOptions {
  /** Loopback host to bind; default 127.0.0.1. */
  host?: string;
  /** 0 or unset: an ephemeral port. */
  port?: number;
  /** Milliseconds between activity ticks; 0 turns the activity loop off (the default in tests). */
  activityIntervalMs?: number;
  /** Fixed bearer tokens (tests); random per start otherwise. */
  tokens?: { admin: string; viewer: string };
  /** Seed sizes for benchmarks; default: a few namespaces with a handful of objects. */
  seed?: { pods?: number; namespaces?: number };
}

export interface DemoClusterHandle {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  tokens: { admin: string; viewer: string };
  close(): Promise<void>;
}

export type StartDemoCluster = (options: DemoClusterOptions) => Promise<DemoClusterHandle>;
