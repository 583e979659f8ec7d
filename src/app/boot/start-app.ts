// When the app's module runs. At build, vite.config.ts turns index.html's entry <script type="module"> into a
// modulepreload link (data-kubeglass-entry): the module is fetched at once, as before, but run by startApp. Its
// evaluation takes 50-100 ms of a cold tab's main thread; run first, it held the pre-rendered rows' paint behind it.

/** How long the first render waits for a preloaded first page; past it, the shell renders and the rows follow. */
export const FIRST_PAGE_WAIT_MS = 200;

const ENTRY_SELECTOR = 'link[data-kubeglass-entry]';

/** True once the app's module was started, or when it starts on its own (the dev server has no entry link). */
export function appStarted(doc: Document): boolean {
  const link = doc.querySelector<HTMLLinkElement>(ENTRY_SELECTOR);
  return !link || link.dataset.started !== undefined;
}

/** Runs the entry module once (a module script for the preloaded link). False when there is none (dev) or it ran. */
export function startApp(doc: Document): boolean {
  const link = doc.querySelector<HTMLLinkElement>(ENTRY_SELECTOR);
  if (!link || link.dataset.started !== undefined) return false;
  link.dataset.started = '';
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = link.href;
  doc.head.append(script);
  return true;
}

/** What the pre-render settled with: the first rows drawn, and the wait for the pages that join them. */
export interface Drawn {
  following: Promise<unknown>;
}

/**
 * Starts the app once the document is parsed (main.tsx renders into #root) and `settled` has settled (the
 * pre-render painted, declined or failed), and at the latest `maxWaitMs` after parsing: a slow first page never
 * holds the app, which then renders its shell as it always did. First rows drawn in time (`Drawn`) hold it until
 * the pages joining them stop (their own bound, see prerender-entry's followBudgetMs).
 */
export function startAppAfter(settled: Promise<Drawn | undefined>, doc: Document, maxWaitMs: number): void {
  const parsed = doc.readyState === 'loading' ? new Promise((resolve) => doc.addEventListener('DOMContentLoaded', resolve, { once: true })) : Promise.resolve();
  void parsed.then(() => {
    const timer = setTimeout(() => startApp(doc), maxWaitMs);
    const start = () => {
      clearTimeout(timer);
      startApp(doc);
    };
    settled.then((drawn) => {
      if (!drawn || appStarted(doc)) return start();
      clearTimeout(timer);
      drawn.following.then(start, start);
    }, start);
  });
}
