// What is known about a write (PUT, PATCH, POST, DELETE) that failed: refused by the API (not done), or no usable
// answer (unknown: it may have been applied). Never "done" from an error; only a re-check can say that.
import { KubeApiError } from '../../k8s/kube-api-error';

export type WriteVerb = 'PUT' | 'PATCH' | 'POST' | 'DELETE';

export type WriteOutcome =
  | { known: 'not-done'; why: string }
  | { known: 'unknown'; why: string };

const WRITE_METHODS: ReadonlySet<string> = new Set(['PUT', 'PATCH', 'POST', 'DELETE']);

/** 5xx the apiserver sends before it acts: 501 (verb not implemented for the resource). */
const REFUSED_5XX: ReadonlySet<number> = new Set([501]);

function unknown(why: string): WriteOutcome {
  return { known: 'unknown', why };
}

function notDone(why: string): WriteOutcome {
  return { known: 'not-done', why };
}

/** Decides what a failed write's error tells about the write. */
export function writeOutcome(error: unknown): WriteOutcome {
  if (!(error instanceof KubeApiError)) return unknown('The request failed without an answer from the server that could be read.');
  const { code, reason, raw } = error;
  // A failed GET before the write (a schema, the latest object after a 409) means the write was not sent, or was refused.
  if (raw.method !== '' && !WRITE_METHODS.has(raw.method.toUpperCase())) return notDone(`The write was not sent: a ${raw.method} before it failed.`);
  if (code === 0 || raw.httpStatus === 0) {
    return unknown(
      reason === 'ClientTimeout'
        ? 'No answer came in time: the write may have been applied or not.'
        : 'The connection failed before an answer came: the write may have been applied or not.',
    );
  }
  if (raw.httpStatus >= 200 && raw.httpStatus < 300) return unknown(`The server answered ${raw.httpStatus} but its answer could not be read: the write was probably applied.`);
  const isStatus = raw.status !== null;
  if (code === 504 && reason === 'Timeout' && isStatus) return unknown('The server timed out and says the write may still complete later.');
  if (code === 408) return unknown('The request timed out on the way (408): the write may have been applied or not.');
  if (code === 429) return notDone(`The server refused it before acting (429 ${reason}: too many requests).`);
  if (code >= 400 && code < 500) return notDone(`The server refused it (${code} ${reason}).`);
  if (REFUSED_5XX.has(code) && isStatus) return notDone(`The server refused it (${code} ${reason}).`);
  if (code >= 500) {
    const from = isStatus ? `The server answered ${code} ${reason}` : `An answer ${raw.httpStatus} ${raw.statusText || reason} without a Status came (a proxy or gateway)`;
    return unknown(`${from}: the write may have been applied or not.`);
  }
  return unknown(`An unexpected answer (${raw.httpStatus}) came: the write may have been applied or not.`);
}
