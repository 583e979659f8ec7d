// --in-cluster: the cluster this process runs in, as a pod finds it (KUBERNETES_SERVICE_HOST/PORT, the service
// account's CA and token under /var/run/secrets/kubernetes.io/serviceaccount, the token read again as the kubelet
// rotates it). In team mode the token is dropped with every other kubeconfig user: people's requests carry their own.
import { existsSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { KubeconfigError } from './contexts.js';

export const IN_CLUSTER_CONTEXT = 'in-cluster';
const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** Adds context "in-cluster" (cluster and user of the same name) to `into`; `root` prefixes the pod's paths (tests). */
export function inClusterKubeconfig(into: KubeConfig, root: string, env: NodeJS.ProcessEnv): void {
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (!host || !port) throw new KubeconfigError('--in-cluster: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT are not set; is this a pod?');
  const dir = `${root}${SERVICE_ACCOUNT_DIR}`;
  for (const file of ['ca.crt', 'token']) {
    if (!existsSync(`${dir}/${file}`)) throw new KubeconfigError(`--in-cluster: ${dir}/${file} is missing; is a service account token mounted?`);
  }
  if (into.getContexts().some((context) => context.name === IN_CLUSTER_CONTEXT)) {
    throw new KubeconfigError(`--in-cluster: the kubeconfig already has a context named "${IN_CLUSTER_CONTEXT}"`);
  }
  const pod = new KubeConfig();
  // client-node reads process.env; the caller's env is the one asked.
  const saved = { host: process.env.KUBERNETES_SERVICE_HOST, port: process.env.KUBERNETES_SERVICE_PORT };
  process.env.KUBERNETES_SERVICE_HOST = host;
  process.env.KUBERNETES_SERVICE_PORT = port;
  try {
    pod.loadFromCluster(root);
  } finally {
    restore('KUBERNETES_SERVICE_HOST', saved.host);
    restore('KUBERNETES_SERVICE_PORT', saved.port);
  }
  const [cluster] = pod.getClusters();
  const [user] = pod.getUsers();
  const [context] = pod.getContexts();
  if (!cluster || !user || !context) throw new KubeconfigError('--in-cluster: could not read the pod\'s service account');
  into.loadFromOptions({
    clusters: [...into.getClusters(), { ...cluster, name: IN_CLUSTER_CONTEXT }],
    users: [...into.getUsers(), { ...user, name: IN_CLUSTER_CONTEXT }],
    contexts: [...into.getContexts(), { ...context, name: IN_CLUSTER_CONTEXT, cluster: IN_CLUSTER_CONTEXT, user: IN_CLUSTER_CONTEXT, ...(context.namespace ? { namespace: context.namespace.trim() } : {}) }],
    currentContext: into.getCurrentContext(),
  });
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
