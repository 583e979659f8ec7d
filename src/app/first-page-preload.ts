// Hands the first list page that public/preload-list.js started (before the app's JS ran) to the app's first
// request for that exact URL and Accept, so that request takes the answer already on its way.
interface PreloadedPage {
  url: string;
  accept: string;
  response: Promise<Response>;
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
 * Wraps the window's fetch until the preloaded page is claimed (or CLAIM_WITHIN_MS pass): the one
 * GET whose URL and Accept equal the preload's gets its response; every other call goes through.
 * Returns the preloaded response (null: nothing was preloaded), for the boot to see when it arrives.
 */
export function adoptPreloadedFirstPage(target: Window = window): Promise<Response> | null {
  const preloaded = target.__kubeglassFirstPage;
  if (!preloaded) return null;
  delete target.__kubeglassFirstPage;
  const original = target.fetch;
  const restore = () => {
    if (target.fetch === claim) target.fetch = original;
  };
  const claim: typeof fetch = (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (typeof input === 'string' && input === preloaded.url && method === 'GET' && new Headers(init?.headers).get('accept') === preloaded.accept) {
      restore();
      return abortable(preloaded.response, init?.signal);
    }
    return original.call(target, input, init);
  };
  target.fetch = claim;
  setTimeout(restore, CLAIM_WITHIN_MS);
  return preloaded.response;
}
