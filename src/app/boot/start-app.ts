// When the app's modules are fetched and run. At build, vite.config.ts turns index.html's entry <script type="module">
// and its modulepreload links into inert `rel="kubeglass-module"` links (the entry's marked data-kubeglass-entry):
// fetchAppModules preloads them, when the boot script says, and startApp runs the entry. Its evaluation takes 50-100 ms
// of a cold tab's main thread; run first, it held the pre-rendered rows' paint behind it. Its preload's background
// parse (~25 ms of a core for 390 KB) competed with the first rows on two cores.

/** How long the first render waits for a preloaded first page; past it, the shell renders and the rows follow. */
export const FIRST_PAGE_WAIT_MS = 200;

const ENTRY_SELECTOR = 'link[data-kubeglass-entry]';
const MODULE_SELECTOR = 'link[rel="kubeglass-module"]';

/** Starts fetching (and parsing, off the main thread) the app's modules, once; startApp runs the entry. */
export function fetchAppModules(doc: Document): void {
  for (const module of doc.querySelectorAll<HTMLLinkElement>(MODULE_SELECTOR)) {
    if (module.dataset.fetched !== undefined) continue;
    module.dataset.fetched = '';
    const preload = doc.createElement('link');
    preload.rel = 'modulepreload';
    preload.crossOrigin = '';
    preload.href = module.href;
    doc.head.append(preload);
  }
}

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
  fetchAppModules(doc);
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
