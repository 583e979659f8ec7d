// A tiny history router: the URL is the state; components read it with useLocation.
import { useSyncExternalStore, type MouseEvent } from 'react';

const NAVIGATE_EVENT = 'kubeglass:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

function currentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Goes to a same-origin path (pushState, or replaceState with replace). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === currentHref()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

export interface AppLocation {
  pathname: string;
  search: string;
}

/** The current pathname and search, read once (outside render). */
export function currentLocation(): AppLocation {
  return splitHref(currentHref());
}

function splitHref(href: string): AppLocation {
  const q = href.indexOf('?');
  return q === -1 ? { pathname: href, search: '' } : { pathname: href.slice(0, q), search: href.slice(q) };
}

/** The current pathname and search; re-renders on navigation and back/forward. */
export function useLocation(): AppLocation {
  return splitHref(useSyncExternalStore(subscribe, currentHref));
}

/**
 * Click handler for a container: plain left clicks on same-origin links navigate without a reload,
 * so anything below can use ordinary <a href> (modifier clicks still open new tabs).
 */
export function interceptLinkClicks(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}`);
}
