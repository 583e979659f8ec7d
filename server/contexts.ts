// The contexts kubeglass can reach: kubeconfig contexts plus the embedded demo cluster, each with its own
// KubeConfig (current context set) so the proxy resolves credentials the same way for every cluster.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { KubeConfig, type Cluster, type Context, type User } from '@kubernetes/client-node';
import type { ContextInfo, ContextList } from '../wire/contexts.js';
import { DEMO_DEVELOPER_NAMESPACE, type DemoClusterHandle } from '../wire/demo-cluster.js';

/** One reachable context: public info for /-/contexts and the KubeConfig the proxy authenticates with. */
export interface ContextTarget {
  info: ContextInfo;
  /** A KubeConfig holding only this context, which is its current context. Never serialized. */
  kubeConfig: KubeConfig;
  /** The cluster's API server URL (may carry a path prefix, e.g. Rancher). */
  server: URL;
}

export interface ContextRegistry {
  get(name: string): ContextTarget | undefined;
  list(): ContextList;
}

export class KubeconfigError extends Error {}

/** Where kubeconfig files come from: an explicit file, the KUBECONFIG list / ~/.kube/config, or none. */
export type KubeconfigSource = { path: string } | { env: NodeJS.ProcessEnv } | 'none';

/** Where kubectl must look to find kubeglass's kubeconfig contexts (paths only): nothing for the default ~/.kube/config. */
export function kubeconfigLocation(source: KubeconfigSource): Pick<ContextInfo, 'kubeconfigPath' | 'kubeconfigEnv'> {
  if (source === 'none') return {};
  // Absolute, since the copied command runs from the user's shell, not from kubeglass's working directory.
  if ('path' in source) return { kubeconfigPath: resolve(source.path) };
  const files = (source.env.KUBECONFIG ?? '').split(delimiter).filter((file) => file !== '').map((file) => resolve(file));
  if (files.length === 0) return {};
  return files.length === 1 ? { kubeconfigPath: files[0] } : { kubeconfigEnv: files.join(delimiter) };
}

/**
 * Loads kubeconfig like kubectl: an explicit path must exist; KUBECONFIG may list several files
 * (missing ones skipped; for duplicate names the first file wins, as in kubectl); else ~/.kube/config if present.
 */
export function loadKubeconfig(source: KubeconfigSource): KubeConfig {
  const merged = new KubeConfig();
  merged.loadFromOptions({ clusters: [], users: [], contexts: [], currentContext: undefined });
  if (source === 'none') return merged;
  let files: string[];
  if ('path' in source) {
    if (!existsSync(source.path)) throw new KubeconfigError(`kubeconfig file not found: ${source.path}`);
    files = [source.path];
  } else {
    const list = source.env.KUBECONFIG ?? '';
    const home = source.env.HOME ?? source.env.USERPROFILE ?? homedir();
    files = list !== '' ? list.split(delimiter).filter((file) => file !== '') : [join(home, '.kube', 'config')];
    files = files.filter((file) => existsSync(file));
  }
  for (const file of files) {
    const kc = new KubeConfig();
    try {
      kc.loadFromFile(file, { onInvalidEntry: 'filter' });
    } catch (error) {
      throw new KubeconfigError(`cannot read kubeconfig ${file}: ${(error as Error).message}`);
    }
    mergeFirstWins(merged, kc);
  }
  return merged;
}

function mergeFirstWins(into: KubeConfig, from: KubeConfig): void {
  const clusters = [...into.getClusters()];
  const users = [...into.getUsers()];
  const contexts = [...into.getContexts()];
  const add = <T extends { name: string }>(list: T[], items: readonly T[]): void => {
    for (const item of items) if (!list.some((existing) => existing.name === item.name)) list.push(item);
  };
  add(clusters, from.getClusters());
  add(users, from.getUsers());
  add(contexts, from.getContexts());
  const current = into.getCurrentContext() || from.getCurrentContext();
  into.loadFromOptions({ clusters, users, contexts, currentContext: current });
}

/**
 * A deep copy whose objects have no prototype. client-node reads credentials by plain property access (`user.exec`,
 * `user.authProvider`, `cluster.proxyUrl`), so a member inherited from a polluted Object.prototype would be taken
 * for configuration: a command to run, a proxy to send the token through.
 */
function withoutInheritance<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutInheritance) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [key, member] of Object.entries(value)) copy[key] = withoutInheritance(member);
  return copy as T;
}

/** A KubeConfig holding exactly one context, set as current, for applyToHTTPSOptions. */
function singleContextConfig(context: Context, cluster: Cluster, user: User | undefined): KubeConfig {
  // client-node refuses plain-http servers unless skipTLSVerify is set ("HTTP protocol is not allowed...");
  // there is no TLS to verify over http, so setting it changes nothing else.
  const usableCluster = cluster.server.startsWith('http:') ? { ...cluster, skipTLSVerify: true } : cluster;
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [withoutInheritance(usableCluster)],
    users: user ? [withoutInheritance(user)] : [],
    contexts: [withoutInheritance(context)],
    currentContext: context.name,
  });
  return kc;
}

/**
 * Team mode's user of every context: none of its own credentials. A user must be there all the same: client-node
 * applies a cluster's CA and TLS settings only for a context that has one.
 */
const NO_CREDENTIALS: User = { name: 'kubeglass-team-mode-no-credentials' };

export interface DemoContextNames {
  admin: string;
  viewer: string;
  developer: string;
}

/**
 * Names for the embedded demo contexts: `demo`, `demo-viewer` and `demo-developer`, unless the kubeconfig already
 * uses one of them; then the embedded set becomes `kubeglass-demo`, `kubeglass-demo-viewer`... (then `-2`, `-3`...),
 * because the user's kubeconfig names are the ones they also use with kubectl.
 */
export function demoContextNames(taken: ReadonlySet<string>): DemoContextNames {
  const candidates = ['demo', 'kubeglass-demo'];
  for (let n = 2; candidates.length < 100; n++) candidates.push(`kubeglass-demo-${n}`);
  for (const admin of candidates) {
    const named = (role: string): string => (admin === 'demo' ? `demo-${role}` : admin.replace(/^kubeglass-demo/, `kubeglass-demo-${role}`));
    const names = { admin, viewer: named('viewer'), developer: named('developer') };
    if (!Object.values(names).some((name) => taken.has(name))) return names;
  }
  throw new KubeconfigError('cannot find a free name for the demo context');
}

export interface BuildRegistryOptions {
  kubeconfig: KubeConfig;
  demo?: DemoClusterHandle;
  /** --context: must name an existing context. */
  defaultContext?: string;
  /** Where the kubeconfig was read from (kubeconfigLocation), announced with each kubeconfig context. */
  location?: Pick<ContextInfo, 'kubeconfigPath' | 'kubeconfigEnv'>;
  onWarning?: (message: string) => void;
  /**
   * Team mode: contexts name clusters only. No kubeconfig user is kept (nor the demo's), so no request can leave with
   * anyone's credentials but the signed-in person's; the demo cluster is one context, people sign in with its tokens.
   */
  team?: boolean;
}

/** Builds the registry of reachable contexts and the default one (--context, else current-context, else demo). */
export function buildContextRegistry(options: BuildRegistryOptions): ContextRegistry {
  const { kubeconfig, demo } = options;
  const targets = new Map<string, ContextTarget>();
  for (const context of kubeconfig.getContexts()) {
    const cluster = kubeconfig.getCluster(context.cluster);
    if (!cluster) {
      options.onWarning?.(`kubeconfig context "${context.name}" names an unknown cluster "${context.cluster}"; skipped`);
      continue;
    }
    let server: URL;
    try {
      server = new URL(cluster.server);
    } catch {
      options.onWarning?.(`kubeconfig context "${context.name}" has an invalid server URL; skipped`);
      continue;
    }
    const user = options.team === true ? NO_CREDENTIALS : (kubeconfig.getUser(context.user) ?? undefined);
    const info: ContextInfo = { name: context.name, server: cluster.server, demo: false, ...options.location };
    if (context.namespace) info.namespace = context.namespace;
    if (context.user && options.team !== true) info.user = context.user;
    const used = options.team === true ? { ...context, user: NO_CREDENTIALS.name } : context;
    targets.set(context.name, { info, kubeConfig: singleContextConfig(used, cluster, user), server });
  }

  let demoName: string | undefined;
  if (demo) {
    const names = demoContextNames(new Set(targets.keys()));
    demoName = names.admin;
    if (names.admin !== 'demo') {
      options.onWarning?.(`your kubeconfig already has a context named "demo"; the embedded demo cluster is "${names.admin}"`);
    }
    const cluster: Cluster = { name: 'kubeglass-demo', server: demo.url, skipTLSVerify: true };
    if (options.team === true) {
      const context: Context = { name: names.admin, cluster: cluster.name, user: NO_CREDENTIALS.name };
      targets.set(names.admin, { info: { name: names.admin, server: demo.url, demo: true }, kubeConfig: singleContextConfig(context, cluster, NO_CREDENTIALS), server: new URL(demo.url) });
    }
    for (const [name, userName, token, namespace] of options.team === true ? [] : [
      [names.admin, 'demo-admin', demo.tokens.admin, undefined],
      [names.viewer, 'demo-viewer', demo.tokens.viewer, undefined],
      // Like a kubeconfig a cluster admin hands out: the context names the one namespace the user works in.
      [names.developer, 'demo-developer', demo.tokens.developer, DEMO_DEVELOPER_NAMESPACE],
    ] as const) {
      const context: Context = { name, cluster: cluster.name, user: userName, ...(namespace ? { namespace } : {}) };
      targets.set(name, {
        info: { name, server: demo.url, user: userName, demo: true, ...(namespace ? { namespace } : {}) },
        kubeConfig: singleContextConfig(context, cluster, { name: userName, token }),
        server: new URL(demo.url),
      });
    }
  }

  let defaultContext: string;
  if (options.defaultContext !== undefined) {
    if (!targets.has(options.defaultContext)) {
      throw new KubeconfigError(
        `--context ${options.defaultContext}: no such context (known: ${[...targets.keys()].join(', ') || 'none'})`,
      );
    }
    defaultContext = options.defaultContext;
  } else {
    const current = kubeconfig.getCurrentContext();
    defaultContext = current && targets.has(current) ? current : (demoName ?? targets.keys().next().value ?? '');
  }

  const list: ContextList = { contexts: [...targets.values()].map((target) => ({ ...target.info })), default: defaultContext };
  return {
    get: (name) => targets.get(name),
    list: () => structuredClone(list),
  };
}
