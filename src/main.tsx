import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
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
  void atMost(startListAtBoot(queryClient, window.location, preloaded), FIRST_PAGE_WAIT_MS).then(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
