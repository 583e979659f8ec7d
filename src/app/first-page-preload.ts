// Hands the list pages that public/preload-list.js started (before the app's JS ran) to the app's own requests for
// those exact URLs and Accept: the first page, and the second once the first page's head named its continue token.
interface PreloadedContinuePage {
  url: string;
  response: Promise<Response>;
}

interface PreloadedPage {
  url: string;
  accept: string;
  response: Promise<Response>;
  /** The second page, known once the first page's head is read; null when there is none. */
  next?: Promise<PreloadedContinuePage | null>;
}

declare global {
  interface Window {
    __kubeglassFirstPage?: PreloadedPage;
  }
}

/** A preload nobody claimed by then is dropped (the user left the list before it rendered). */
const CLAIM_WITHIN_MS = 15_000;

function abortable(response: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Wraps the window's fetch until the preloaded pages are claimed (or CLAIM_WITHIN_MS pass): the one GET whose URL
 * and Accept equal the first page's gets its response; a GET of a continue page of the same list waits for the
 * second page's URL to be known and, if it is that URL, gets its response; every other call goes through.
 * Returns the preloaded first response (null: nothing was preloaded), for the boot to see when it arrives.
 */
export function adoptPreloadedFirstPage(target: Window = window): Promise<Response> | null {
  const preloaded = target.__kubeglassFirstPage;
  if (!preloaded) return null;
  delete target.__kubeglassFirstPage;
  const original = target.fetch;
  let firstClaimed = false;
  let next = preloaded.next ?? null;
  const continuePrefix = `${preloaded.url.slice(0, preloaded.url.indexOf('?') + 1)}`;
  const restore = () => {
    if (target.fetch === claim) target.fetch = original;
  };
  const claim: typeof fetch = (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const candidate = typeof input === 'string' && method === 'GET' && new Headers(init?.headers).get('accept') === preloaded.accept;
    if (candidate && !firstClaimed && input === preloaded.url) {
      firstClaimed = true;
      if (!next) restore();
      return abortable(preloaded.response, init?.signal);
    }
    if (candidate && next && input.startsWith(continuePrefix) && input.includes('continue=')) {
      const waiting = next;
      next = null;
      if (firstClaimed) restore();
      return waiting.then((page) => (page?.url === input ? abortable(page.response, init?.signal) : original.call(target, input, init)));
    }
    return original.call(target, input, init);
  };
  target.fetch = claim;
  setTimeout(restore, CLAIM_WITHIN_MS);
  return preloaded.response;
}
