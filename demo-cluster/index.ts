// Entry point: startDemoCluster starts the embedded Kubernetes API server on a loopback port.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { DemoClusterHandle, DemoClusterOptions, DemoTokens, StartDemoCluster } from '../wire/demo-cluster.js';
import { makeServingCert } from './auth/tls-cert.js';
import { OpenApi } from './openapi/openapi.js';
import { startActivity } from './controllers/activity.js';
import { createApiServer } from './http/http-server.js';
import type { ApiServerContext } from './http/http-server.js';
import { defaultRegistry } from './resources/index.js';
import { seedCluster } from './seed/seed.js';
import { Store } from './store/store.js';
import { startCrdController } from './controllers/crd-controller.js';
import { startGarbageCollector } from './controllers/gc.js';
import { startQuotaController } from './controllers/quota-controller.js';
import { startReplicationManager } from './controllers/replication-controller.js';
import { startRevisionController } from './controllers/revision-controller.js';
import { startApfConsumer } from './controllers/apf-consumer.js';
import { startPolicyStatusController } from './controllers/policy-status.js';
import { startNamespaceFurniture } from './controllers/namespace-furniture.js';
import { startNamespaceController } from './controllers/namespace-controller.js';
import { startCompactor } from './store/compactor.js';
import { startEventsMirror } from './controllers/events-mirror.js';
import { startHpaMirror } from './controllers/hpa-mirror.js';
import type { WatchSession } from './store/watch.js';
import { Faults } from './faults/faults.js';
import type { FaultRule } from './faults/faults.js';
import { Storm } from './storm/storm.js';

/** Knobs beyond the wire contract, for tests of time-dependent behavior. */
export interface DemoClusterInternalOptions extends DemoClusterOptions {
  /** Interval of BOOKMARK events on watches that allow them (default 60 s, like the cacher's ~1 min). */
  bookmarkIntervalMs?: number;
  /** Events kept per resource for watch resume (default 5000); small values make 410 Expired easy to hit. */
  historyCapacity?: number;
  /** Time the simulated kubelet takes to finish a graceful pod deletion (default 1000 ms). */
  podTerminationMs?: number;
  /** Time the namespace controller waits before it empties a deleted namespace (default 500 ms). */
  namespaceTerminationMs?: number;
  /** Interval of the etcd compaction that expires old resourceVersions (default 5 min, kube-apiserver's). */
  compactionIntervalMs?: number;
  /**
   * Enables fault injection (off by default): the loopback-only, admin-only control endpoint
   * /-/demo/faults and the `faults` rules below (see faults.ts).
   */
  faultInjection?: boolean;
  /** Fault rules in effect from the start (implies faultInjection). */
  faults?: FaultRule[];
}

/**
 * The /version of kube-apiserver v1.37.2 as tests/fixtures/k8s-1.37.2 recorded it: built from the module zip, so
 * no git commit and tree state "archive" (the build date is that build's). kubectl compares major/minor with its own.
 */
export const DEMO_VERSION = {
  major: '1',
  minor: '37',
  emulationMajor: '1',
  emulationMinor: '37',
  minCompatibilityMajor: '1',
  minCompatibilityMinor: '36',
  gitVersion: 'v1.37.2',
  gitCommit: '',
  gitTreeState: 'archive',
  buildDate: '2026-12-01T22:30:10Z',
  goVersion: 'go1.26.8',
  compiler: 'gc',
  platform: 'linux/amd64',
};

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The handle plus what a TLS client (kubectl) needs: the same port also speaks HTTPS. */
export interface DemoClusterTlsHandle extends DemoClusterHandle {
  /** https://HOST:PORT, same port as url. kubectl only sends tokens over TLS. */
  httpsUrl: string;
  /** PEM of the self-signed certificate made at start (trust anchor for httpsUrl). */
  certificateAuthority: string;
  /** The fault injector when faultInjection (or faults) was given. */
  faults?: Faults;
  /** The watch storm generator when storm was given. */
  storm?: Storm;
  /** Watches (and log follows) open right now: a load test proves closed tabs leave none behind. */
  openWatchCount(): number;
}

/** Starts the demo cluster with the internal knobs; close() ends every watch and socket. */
export async function startDemoClusterWithOptions(options: DemoClusterInternalOptions = {}): Promise<DemoClusterTlsHandle> {
  const host = options.host ?? '127.0.0.1';
  const tokens: DemoTokens = {
    admin: options.tokens?.admin ?? randomToken(),
    viewer: options.tokens?.viewer ?? randomToken(),
    developer: options.tokens?.developer ?? randomToken(),
  };
  const store = new Store({ historyCapacity: options.historyCapacity ?? 5000 });
  const registry = defaultRegistry();
  seedCluster(store, options.seed ?? {});
  const stopEventsMirror = startEventsMirror(store);
  const stopHpaMirror = startHpaMirror(store);
  store.markHistoryBase();

  const timers = new Set<NodeJS.Timeout>();
  const watches = new Set<WatchSession>();
  let port = 0;
  const ctx: ApiServerContext = {
    store,
    registry,
    tokens,
    watches,
    bookmarkIntervalMs: options.bookmarkIntervalMs ?? 60_000,
    podTerminationMs: options.podTerminationMs ?? 1000,
    namespaceTerminationMs: options.namespaceTerminationMs ?? 500,
    version: DEMO_VERSION,
    // info.version of the OpenAPI documents: 1.37 writes major.minor (1.20 wrote the gitVersion).
    openapi: new OpenApi(registry, `${DEMO_VERSION.major}.${DEMO_VERSION.minor}`),
    serverAddress: () => `${host}:${port}`,
    scheduler: {
      defer(fn, ms) {
        const t = setTimeout(() => {
          timers.delete(t);
          fn();
        }, ms);
        timers.add(t);
      },
    },
  };
  const faults = options.faultInjection || options.faults ? new Faults(store, options.faults ?? [], isLoopbackHost(host)) : undefined;
  if (faults) ctx.faults = faults;
  const storm = options.storm ? new Storm(store) : undefined;
  if (storm) ctx.storm = { generator: storm, listensOnLoopbackOnly: isLoopbackHost(host) };
  const cert = makeServingCert(host);
  const { listener, destroyConnections } = createApiServer(ctx, cert);
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port ?? 0, host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  port = (listener.address() as AddressInfo).port;
  const stopCrdController = startCrdController(ctx);
  const stopGarbageCollector = startGarbageCollector(ctx);
  const stopQuotaController = startQuotaController(ctx);
  const stopReplicationManager = startReplicationManager(ctx);
  const stopRevisionController = startRevisionController(ctx);
  const stopApfConsumer = startApfConsumer(ctx);
  const stopPolicyStatus = startPolicyStatusController(ctx);
  const stopNamespaceFurniture = startNamespaceFurniture(ctx, cert.certPem);
  const stopNamespaceController = startNamespaceController(ctx);
  const stopCompactor = startCompactor(store, options.compactionIntervalMs ?? 300_000);
  const stopActivity = (options.activityIntervalMs ?? 0) > 0 ? startActivity(ctx, options.activityIntervalMs ?? 0) : undefined;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    httpsUrl: `https://${urlHost}:${port}`,
    certificateAuthority: cert.certPem,
    ...(faults ? { faults } : {}),
    ...(storm ? { storm } : {}),
    port,
    tokens,
    openWatchCount: () => watches.size,
    close() {
      closing ??= new Promise<void>((resolve) => {
        stopActivity?.();
        storm?.stop();
        stopCrdController();
        stopGarbageCollector();
        stopQuotaController();
        stopReplicationManager();
        stopRevisionController();
        stopApfConsumer();
        stopPolicyStatus();
        stopNamespaceFurniture();
        stopNamespaceController();
        stopCompactor();
        stopEventsMirror();
        stopHpaMirror();
        for (const t of timers) clearTimeout(t);
        timers.clear();
        for (const w of [...watches]) w.close();
        listener.close(() => resolve());
        destroyConnections();
      });
      return closing;
    },
  };
}

/** Starts the demo cluster (the wire contract); the handle is a DemoClusterTlsHandle. */
export const startDemoCluster: StartDemoCluster = (options) => startDemoClusterWithOptions(options);
