// The ServiceAccount admission plugin on pod create: the namespace's "default" account unless one is named,
// 403 when it does not exist, and (unless automount is off) a projected kube-api-access-XXXXX volume with
// the token, the root CA and the namespace, mounted read-only in every container that has nothing there.
import { forbidden } from '../http/errors.js';
import { randomSuffix } from '../resources/meta.js';
import { storageKey } from '../resources/registry.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import type { Store } from '../store/store.js';

const SERVICE_ACCOUNTS = storageKey({ group: '', resource: 'serviceaccounts' });
const VOLUME_PREFIX = 'kube-api-access-';
const MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

/** serviceaccount.WarnOnlyBoundTokenExpirationSeconds: one hour and 7 seconds. */
const TOKEN_EXPIRATION_SECONDS = 3607;

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

function tokenVolume(name: string): JsonObject {
  return {
    name,
    projected: {
      sources: [
        { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
      defaultMode: 420,
    },
  };
}

/** Mounts the token volume in the containers without a mount at its path; true when one needed it. */
function mountIn(containers: unknown, volumeName: string): { containers: unknown; mounted: boolean } {
  if (!Array.isArray(containers)) return { containers, mounted: false };
  let mounted = false;
  const next = containers.map((c) => {
    const container = obj(c);
    const mounts = Array.isArray(container.volumeMounts) ? container.volumeMounts : [];
    if (mounts.some((m) => obj(m).mountPath === MOUNT_PATH)) return c;
    mounted = true;
    return { ...container, volumeMounts: [...mounts, { name: volumeName, readOnly: true, mountPath: MOUNT_PATH }] };
  });
  return { containers: next, mounted };
}

/** Admits a new pod (mirror pods are left alone); mutates it. */
export function admitServiceAccount(store: Store, pod: KubeObject): void {
  if (pod.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined) return;
  let spec = obj(pod.spec);
  const accountName = typeof spec.serviceAccountName === 'string' && spec.serviceAccountName !== '' ? spec.serviceAccountName : 'default';
  spec = { ...spec, serviceAccountName: accountName, serviceAccount: accountName };
  const namespace = pod.metadata.namespace ?? '';
  const account = store.get(SERVICE_ACCOUNTS, namespace, accountName);
  if (!account) {
    throw forbidden('', 'pods', pod.metadata.name ?? '', `error looking up service account ${namespace}/${accountName}: serviceaccount "${accountName}" not found`);
  }
  const automount = typeof spec.automountServiceAccountToken === 'boolean' ? spec.automountServiceAccountToken : account.automountServiceAccountToken !== false;
  if (automount) {
    const volumes = Array.isArray(spec.volumes) ? spec.volumes : [];
    const existing = volumes.map(obj).find((v) => typeof v.name === 'string' && v.name.startsWith(VOLUME_PREFIX));
    const volumeName = typeof existing?.name === 'string' ? existing.name : `${VOLUME_PREFIX}${randomSuffix()}`;
    const init = mountIn(spec.initContainers, volumeName);
    const main = mountIn(spec.containers, volumeName);
    spec = { ...spec, ...(init.mounted ? { initContainers: init.containers } : {}), ...(main.mounted ? { containers: main.containers } : {}) };
    if (!existing && (init.mounted || main.mounted)) spec.volumes = [...volumes, tokenVolume(volumeName)];
  }
  const pullSecrets = Array.isArray(spec.imagePullSecrets) ? spec.imagePullSecrets : [];
  if (pullSecrets.length === 0 && Array.isArray(account.imagePullSecrets) && account.imagePullSecrets.length > 0) {
    spec.imagePullSecrets = account.imagePullSecrets.map((s) => ({ name: obj(s).name }));
  }
  pod.spec = spec;
}
