// The boot script inlined in index.html's head (see vite.config.ts), after preload-list.js (its own inline script,
// which has started the list's first pages): applies the stored color scheme before the first paint, draws the
// preloaded first page (prerender-list) if it arrives before React has drawn anything, then starts the app
// (start-app). Bundled on its own, without React: it runs while the app's JS is still on the wire.
import { applyThemeChoice, storedThemeChoice } from '../../stores/theme-choice';
import { prerenderList } from './prerender-list';
import { appStarted, FIRST_PAGE_WAIT_MS, startAppAfter } from './start-app';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The next frame's animation callbacks: the app's module, started there, runs in a task after that frame, so what
 * was drawn before it is painted first, and the app waits no longer than that.
 */
const inNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function drawPreloadedPage(response: Promise<Response>): Promise<void> {
  return (
    response
      // Cloned as it arrives, before the app claims and reads the body.
      .then((answer) => (answer.ok ? answer.clone().json() : null))
      .then((body: unknown) => {
        const root = document.getElementById('root');
        // Once the app runs, its first render holds the rows or an empty shell: drawing them now would only have
        // that shell replace them. And never draw over what React drew.
        if (body === null || !root || root.childNodes.length > 0 || appStarted(document)) return undefined;
        const drawn = prerenderList(document, root, { location: window.location, body, now: Date.now(), viewportHeight: window.innerHeight });
        return drawn ? inNextFrame() : undefined;
      })
      // Nothing drawn: the app asks, and reports, on its own.
      .catch(() => undefined)
  );
}

try {
  applyThemeChoice(storedThemeChoice(localStorageOrUndefined()));
} finally {
  const preloaded = window.__kubeglassFirstPage;
  startAppAfter(preloaded ? drawPreloadedPage(preloaded.response) : Promise.resolve(), document, FIRST_PAGE_WAIT_MS);
}
