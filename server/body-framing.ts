// How the body of a request kubeglass forwards is framed, decided before anything goes upstream. Node's client
// frames a piped body only for some methods (a GET's or DELETE's went raw onto the kept-alive upstream connection,
// where the API server read it as a second request), so every forwarded body is framed explicitly, or refused.
import type { IncomingMessage } from 'node:http';
import { makeStatus, type KubeStatus } from './status.js';

/** `none`: nothing to forward; `length`: exactly Content-Length bytes; `chunked`: as chunks, whatever the method. */
export type BodyFraming = 'none' | 'length' | 'chunked';

/**
 * Methods whose body the API's own handlers never read (only a pod or service proxy would pass one on; kubectl never
 * sends one and a browser cannot): refused rather than forwarded, so no list or prefetched page depends on one.
 * DELETE keeps its body: kubectl sends DeleteOptions there.
 */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/** Node's parser already refuses most framing tricks; what reaches here is checked again rather than trusted. */
export function requestBodyFraming(req: IncomingMessage): BodyFraming | KubeStatus {
  const method = req.method ?? 'GET';
  const lengths = req.headersDistinct['content-length'];
  const codings = req.headersDistinct['transfer-encoding'];
  if (lengths !== undefined && codings !== undefined) {
    return makeStatus(400, 'a request may not carry both Content-Length and Transfer-Encoding');
  }
  let framing: BodyFraming = 'none';
  if (lengths !== undefined) {
    const [length] = lengths;
    if (lengths.length !== 1 || length === undefined || !/^\d{1,15}$/.test(length)) {
      return makeStatus(400, `invalid Content-Length: ${lengths.join(', ')}`);
    }
    if (Number(length) > 0) framing = 'length';
  }
  if (codings !== undefined) {
    const [coding] = codings;
    if (codings.length !== 1 || coding?.trim().toLowerCase() !== 'chunked') {
      return makeStatus(400, `Transfer-Encoding "${codings.join(', ')}" is not supported: kubeglass forwards bodies as they are or chunked`);
    }
    framing = 'chunked';
  }
  if (framing !== 'none' && BODILESS_METHODS.has(method)) {
    return makeStatus(400, `a ${method} request may not carry a body (Content-Length or Transfer-Encoding): the Kubernetes API reads none`);
  }
  return framing;
}

/** Upgrade requests carry no body: bytes after their head belong to the upgraded stream, never to a request. */
export function upgradeBodyProblem(req: IncomingMessage): KubeStatus | null {
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')) {
    return makeStatus(400, 'an upgrade request may not carry a body (Content-Length or Transfer-Encoding)');
  }
  return null;
}
