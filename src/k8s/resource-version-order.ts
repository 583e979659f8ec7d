// resourceVersions are opaque by contract, but every apiserver backed by etcd hands out etcd revisions: decimal
// integers that only grow. Where both are such integers, one can be known to be later; otherwise nothing is known.

const DECIMAL = /^[1-9]\d*$/;

/** True only when both are etcd revisions and `candidate` is the later one. */
export function isLaterResourceVersion(candidate: string | undefined, than: string | undefined): boolean {
  if (candidate === undefined || than === undefined || !DECIMAL.test(candidate) || !DECIMAL.test(than)) return false;
  return BigInt(candidate) > BigInt(than);
}
