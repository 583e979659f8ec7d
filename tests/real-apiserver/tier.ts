// Which real server this run of the real tier faces: REAL_K8S_VERSION from the env file of its start.sh.
const version = process.env.REAL_K8S_VERSION ?? '';
const minor = Number(/^v1\.(\d+)\./.exec(version)?.[1] ?? Number.NaN);

/** The apiserver's gitVersion, e.g. v1.20.2 or v1.37.2. */
export const REAL_K8S_VERSION = version;
/**
 * The current control plane (tests/modern-apiserver): controllers and a scheduler run, pods are Running on a KWOK
 * node whose kubelet API answers logs and exec. The old server (1.20.2) runs alone: nothing reconciles.
 */
export const MODERN = minor >= 30;
