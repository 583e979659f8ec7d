// The largest body kube-apiserver accepts (apiserver's MaxRequestBodyBytes, 3 MiB): a bigger object is refused
// before sending, with the reason in words, instead of a 413 after a multi-megabyte upload.
import type { YamlProblem } from './yaml-position';

export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** A problem at line 1 when the object, as the JSON body that would be sent, is over the apiserver's limit. */
export function oversizeProblem(object: unknown): YamlProblem | null {
  const bytes = new TextEncoder().encode(JSON.stringify(object)).byteLength;
  if (bytes <= MAX_REQUEST_BODY_BYTES) return null;
  return {
    line: 1,
    column: 1,
    message:
      `The object is ${megabytes(bytes)} as JSON: kube-apiserver refuses request bodies over ${megabytes(MAX_REQUEST_BODY_BYTES)} ` +
      '(and etcd keeps at most 1.5 MiB per object by default). Make it smaller, e.g. move large data out of the object.',
  };
}
