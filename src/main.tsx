import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { linkFavicon } from './app/favicon';
import { adoptPreloadedFirstPage } from './app/first-page-preload';
import { atMost, FIRST_PAGE_WAIT_MS, startListAtBoot } from './app/start-list-at-boot';
import { createQueryClient } from './data/query-client';
import './index.css';

const preloaded = adoptPreloadedFirstPage();
const queryClient = createQueryClient();
const container = document.getElementById('root');
if (container) {
  // The root (React's event listeners, ~20-30 ms cold) is made while the first page's body still streams in.
  const root = createRoot(container);
  // Rows the boot script drew (src/app/boot) came from pages already here: React's first render holds as many,
  // never an empty shell or a shorter list in their place. Otherwise the wait counts from the document's parse, as
  // the boot's.
  const prerendered = container.firstElementChild?.hasAttribute('data-prerender') ?? false;
  const prerenderedRows = Number(container.firstElementChild?.getAttribute('data-prerender-rows') ?? 0) || 0;
  const listed = startListAtBoot(queryClient, window.location, preloaded, prerenderedRows);
  const parsedAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventStart || performance.now();
  const wait = Math.max(0, parsedAt + FIRST_PAGE_WAIT_MS - performance.now());
  void (prerendered ? listed : atMost(listed, wait)).then(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
    linkFavicon(document);
  });
}
