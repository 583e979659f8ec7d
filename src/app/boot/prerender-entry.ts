// The boot script inlined in index.html's head (see vite.config.ts), after preload-list.js (its own inline script,
// which has started the list's pages): applies the stored color scheme before the first paint, draws the preloaded
// first page (prerender-list) if it arrives before React has drawn anything, joins the next pages to it as they come
// (a short list whole, see followBudgetMs), then starts the app (start-app). Bundled on its own, without React: it
// runs while the app's JS is still on the wire.
import { applyThemeChoice, storedThemeChoice } from '../../stores/theme-choice';
import { followBudgetMs } from './follow-budget';
import { prerenderList, warmTextLayout, type PrerenderedList } from './prerender-list';
import { appStarted, fetchAppModules, FIRST_PAGE_WAIT_MS, startAppAfter, type Drawn } from './start-app';

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

/** The task after the next frame's paint: work started there (a next page's parse) never holds that frame. */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

type Preloaded = NonNullable<Window['__kubeglassFirstPage']>;
type PreloadedLink = NonNullable<Awaited<Preloaded['next']>>;

/** A page's parsed body (null: not a 2xx answer, not JSON, or the app has started). */
function bodyOf(text: Promise<string | null>): Promise<unknown> {
  return text.then((json) => (json === null || appStarted(document) ? null : (JSON.parse(json) as unknown)));
}

interface NextPage {
  link: PreloadedLink;
  body: unknown;
}

/** The page a link leads to, parsed (null: none, or not one to follow). */
function nextPage(link: Promise<PreloadedLink | null> | undefined): Promise<NextPage | null> {
  if (!link) return Promise.resolve(null);
  return link.then((next) => (next === null || followBudgetMs(next.remainingItemCount) === 0 ? null : bodyOf(next.text).then((body) => ({ link: next, body }))));
}

/**
 * Joins each next page to the drawn list until the list is whole, a page fails, the app starts or `until`; the
 * browser paints between pages (a page's parse is a task of its own), so no page waits for a frame.
 */
async function followPages(list: PrerenderedList, pending: Promise<NextPage | null>, until: number): Promise<void> {
  for (let page = await pending; page !== null && !list.complete; page = await nextPage(page.link.next)) {
    if (appStarted(document) || performance.now() > until || !join(list, page)) return;
  }
}

/** Joins a page's rows (the app takes the same page's text when it starts). */
function join(list: PrerenderedList, page: NextPage): boolean {
  return page.body !== null && !appStarted(document) && list.append(page.body);
}

/** Nothing drawn: the app will render on its own, so its modules are wanted now. */
function appWanted(): undefined {
  fetchAppModules(document);
  return undefined;
}

const atTheLatest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

function drawPreloadedPages(preloaded: Preloaded): Promise<Drawn | undefined> {
  const firstPage = bodyOf(preloaded.text);
  let answered = false;
  void preloaded.text.finally(() => (answered = true)).catch(() => undefined);
  // The document parsed while the first page is not answered yet: the page's style and the text's fonts are looked
  // up in that wait, not in the first rows' frame. Not when its body is already in (a resource timing entry is added
  // once the body is), only its text not yet handed over: the warm-up would then hold the first rows by ~7 ms.
  const warm = () => {
    const arrived = performance.getEntriesByName(new URL(preloaded.url, location.href).href).length > 0;
    if (!answered && !arrived && !appStarted(document)) warmTextLayout(document);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', warm, { once: true });
  return (
    firstPage
      .then((body: unknown) => {
        const root = document.getElementById('root');
        // Once the app runs, its first render holds the rows or an empty shell: drawing them now would only have
        // that shell replace them. And never draw over what React drew.
        if (body === null || !root || root.childNodes.length > 0 || appStarted(document)) return appWanted();
        const list = prerenderList(document, root, { location: window.location, body, now: Date.now(), viewportHeight: window.innerHeight });
        if (!list) return appWanted();
        const budget = followBudgetMs((body as { metadata?: { remainingItemCount?: unknown } }).metadata?.remainingItemCount);
        const until = performance.now() + budget;
        // The app pages a long list from its second page: its modules are wanted as soon as it can run. Any other
        // list's are fetched when the app starts (startApp), once its rows are painted and its pages joined: before,
        // their transfer and background parse (~25 ms of a core) shared the two cores with the first rows.
        if (budget === 0) fetchAppModules(document);
        // Painted first: the app waits no longer than that frame for a list that is already whole, and the next
        // page's parse never holds the first rows' frame.
        if (budget === 0 || list.complete) return inNextFrame().then(() => undefined);
        const painted = afterNextPaint();
        // The app starts once the last joined page is painted: its modules' transfer, compile and run then never
        // share the cores with (or run ahead of) the frame that shows the whole list.
        const following = painted.then(() => followPages(list, nextPage(preloaded.next), until)).then(afterNextPaint);
        return painted.then(() => ({ following: Promise.race([following, atTheLatest(until - performance.now())]) }));
      })
      // Nothing drawn (or no more joined): the app asks, and reports, on its own.
      .catch(appWanted)
  );
}

try {
  applyThemeChoice(storedThemeChoice(localStorageOrUndefined()));
} finally {
  const preloaded = window.__kubeglassFirstPage;
  // No list to draw: the app's modules are wanted now.
  if (!preloaded) fetchAppModules(document);
  startAppAfter(preloaded ? drawPreloadedPages(preloaded) : Promise.resolve(undefined), document, FIRST_PAGE_WAIT_MS);
}
