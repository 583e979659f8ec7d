// Hands the first list page that src/app/boot/preload-list.js started (before the app's JS ran), and the second page it
// started once the first page's continue token was in, to the app's requests for those exact URLs and Accept, so
// those requests take the answers already on their way.
interface PreloadedPage {
  url: string;
  accept: string;
  response: Promise<Response>;
  /** The second page (null: none was asked: one page, or the token could not be read early). */
  next?: Promise<{ url: string; response: Promise<Response> } | null>;
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
 * and Accept equal a preload's gets its response, once; every other call goes through. A request that may be the
 * second page while that page's URL is not yet known waits for it (it is known within the first page's head).
 * Returns the preloaded first page's response (null: nothing was preloaded), for the boot to see when it arrives.
 */
export function adoptPreloadedFirstPage(target: Window = window): Promise<Response> | null {
  const preloaded = target.__kubeglassFirstPage;
  if (!preloaded) return null;
  delete target.__kubeglassFirstPage;
  const original = target.fetch;
  let first: Promise<Response> | null = preloaded.response;
  let next = preloaded.next ?? Promise.resolve(null);
  let nextClaimed = !preloaded.next;
  const restore = () => {
    if (target.fetch === claim) target.fetch = original;
  };
  const settle = () => {
    if (!first && nextClaimed) restore();
  };
  const isGetOfPreload = (input: RequestInfo | URL, init: RequestInit | undefined): input is string =>
    typeof input === 'string' && (init?.method ?? 'GET').toUpperCase() === 'GET' && new Headers(init?.headers).get('accept') === preloaded.accept;
  const claim: typeof fetch = (input, init) => {
    if (!isGetOfPreload(input, init)) return original.call(target, input, init);
    if (first && input === preloaded.url) {
      const response = first;
      first = null;
      settle();
      return abortable(response, init?.signal);
    }
    if (nextClaimed || !input.startsWith(`${preloaded.url.replace(/&limit=\d+$/, '')}&`)) return original.call(target, input, init);
    const answer = next.then((page) => {
      if (page && !nextClaimed && page.url === input) {
        nextClaimed = true;
        settle();
        return page.response;
      }
      return original.call(target, input, init);
    });
    return abortable(answer, init?.signal);
  };
  target.fetch = claim;
  setTimeout(() => {
    nextClaimed = true;
    next = Promise.resolve(null);
    restore();
  }, CLAIM_WITHIN_MS);
  return preloaded.response;
}
