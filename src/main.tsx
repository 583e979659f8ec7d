import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { linkFavicon } from './app/favicon';
import { startListAtBoot } from './app/start-list-at-boot';
import { createQueryClient } from './data/query-client';
import './index.css';

const queryClient = createQueryClient();
startListAtBoot(queryClient, window.location);
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  linkFavicon(document);
}
