// Hands the first list page that src/app/boot/preload-list.js started (before the app's JS ran), and the continue
// pages it started one after another from each page's token, to the app's requests for those exact URLs and Accept,
// so those requests take the answers already on their way. The list's other page requests carry the navigation
// nonce the boot script read from the document: the server hands the pages it asked ahead only to requests with it.
import { NAVIGATION_HEADER } from '../../wire/browser-headers';
import { notePreloadedText } from '../k8s/preloaded-text';
/** A continue page the preload asked, and the one after it (null: none: the last page, or its token was not read). */
export interface PreloadedLink {
  url: string;
  /** The page, for the app's request (made of the text the preload read). */
  response: Promise<Response>;
  /** The text of a 2xx answer (null otherwise), for the pre-render. */
  text: Promise<string | null>;
  next: Promise<PreloadedLink | null>;
  /** The page before's remainingItemCount: rows in this page and the ones after it (undefined: not said). */
  remainingItemCount?: number;
}

interface PreloadedPage {
  url: string;
  accept: string;
  /** The document's navigation nonce ('' or undefined: none). */
  navigation?: string;
  response: Promise<Response>;
  /** The text of a 2xx first page (null otherwise), for the pre-render. */
  text: Promise<string | null>;
  /** The second page (null: none was asked: one page, or the token could not be read early). */
  next?: Promise<PreloadedLink | null>;
}

declare global {
  interface Window {
    __kubeglassFirstPage?: PreloadedPage;
  }
}

/** A preload's response, with its text noted for fetchJson (which then takes it instead of reading the body again). */
function withText(response: Promise<Response>, text: Promise<string | null>): Promise<Response> {
  return Promise.all([response, text.catch(() => null)]).then(([answer, read]) => {
    if (read !== null) notePreloadedText(answer, read);
    return answer;
  });
}

/** A preload nobody claimed by then is dropped (the user left the list before it rendered), and the list's pages no longer carry the nonce. */
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
 * Wraps the window's fetch until the preloaded pages are claimed (or CLAIM_WITHIN_MS pass without a claim): the one
 * GET whose URL and Accept equal a preload's gets its response, once; every other call goes through. Continue pages
 * are claimed in the order the preload asked them: a request that may be the next one while its URL is not yet known
 * waits for it (it is known once the page before is read); one that is not ends the chain (a list restarted after
 * a 410 pages with other tokens). Every other request for a page of the list carries the navigation nonce, until
 * CLAIM_WITHIN_MS pass without one. Returns the preloaded first page's response (null: nothing was preloaded), for
 * the boot to see when it arrives.
 */
export function adoptPreloadedFirstPage(target: Window = window): Promise<Response> | null {
  const preloaded = target.__kubeglassFirstPage;
  if (!preloaded) return null;
  delete target.__kubeglassFirstPage;
  const original = target.fetch;
  const navigation = preloaded.navigation ?? '';
  let first: Promise<Response> | null = withText(preloaded.response, preloaded.text);
  // The next continue page not yet claimed; chainOpen turns false once there is none.
  let cursor: Promise<PreloadedLink | null> = preloaded.next ?? Promise.resolve(null);
  let chainOpen = preloaded.next !== undefined;
  const continuePrefix = `${preloaded.url.replace(/&limit=\d+$/, '')}&`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restore = () => {
    clearTimeout(timer);
    chainOpen = false;
    cursor = Promise.resolve(null);
    if (target.fetch === claim) target.fetch = original;
  };
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(restore, CLAIM_WITHIN_MS);
  };
  const settle = () => {
    if (!first && !chainOpen && !navigation) restore();
  };
  const watchEnd = (link: Promise<PreloadedLink | null>) =>
    void link.then((next) => {
      if (next === null && cursor === link) {
        chainOpen = false;
        settle();
      }
    });
  watchEnd(cursor);
  const isGetOfPreload = (input: RequestInfo | URL, init: RequestInit | undefined): input is string =>
    typeof input === 'string' && (init?.method ?? 'GET').toUpperCase() === 'GET' && new Headers(init?.headers).get('accept') === preloaded.accept;
  /** A request for the list's page that no preload answers, with the nonce (the server may have asked it ahead). */
  const listPageRequest = (input: string, init: RequestInit | undefined): Promise<Response> => {
    if (!navigation) return original.call(target, input, init);
    restartTimer();
    const headers = new Headers(init?.headers);
    headers.set(NAVIGATION_HEADER, navigation);
    return original.call(target, input, { ...init, headers });
  };
  const claim: typeof fetch = (input, init) => {
    if (!isGetOfPreload(input, init)) return original.call(target, input, init);
    if (first && input === preloaded.url) {
      const response = first;
      first = null;
      settle();
      return abortable(response, init?.signal);
    }
    if (!input.startsWith(continuePrefix)) return original.call(target, input, init);
    if (!chainOpen) return listPageRequest(input, init);
    const turn = cursor.then((link) => (link !== null && link.url === input ? link : null));
    cursor = turn.then((link) => (link === null ? null : link.next));
    watchEnd(cursor);
    const answer = turn.then((link) => {
      if (link === null) {
        chainOpen = false;
        settle();
        return listPageRequest(input, init);
      }
      restartTimer();
      return withText(link.response, link.text);
    });
    return abortable(answer, init?.signal);
  };
  target.fetch = claim;
  restartTimer();
  return preloaded.response;
}
