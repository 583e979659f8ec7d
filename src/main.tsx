import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptPreloadedFirstPage } from './app/first-page-preload';
import { atMost, FIRST_PAGE_WAIT_MS, startListAtBoot } from './app/start-list-at-boot';
import { createQueryClient } from './data/query-client';
import './index.css';

const preloaded = adoptPreloadedFirstPage();
const queryClient = createQueryClient();
const root = document.getElementById('root');
if (root) {
  void atMost(startListAtBoot(queryClient, window.location, preloaded), FIRST_PAGE_WAIT_MS).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
