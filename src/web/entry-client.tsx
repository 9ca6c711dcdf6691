import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import type { SiteConfig } from '../domain/render';
import { App } from './app';
import { PageContextProvider } from './lib/page-context';
import { createQueryClient } from './lib/query-client';
import { matchAppRoute } from './routes';
import './styles.css';

const queryClient = createQueryClient();
const state = JSON.parse(document.getElementById('__STATE__')?.textContent || '{}') as {
  config?: SiteConfig;
  queries?: DehydratedState;
};
if (state.queries) hydrate(queryClient, state.queries);
const config: SiteConfig = state.config ?? { publicUrl: window.location.origin, showAdminLink: true };

// Load the current page's code before hydrating so the first render matches the server's HTML.
matchAppRoute(window.location.pathname)
  .route.page.preload()
  .then(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <PageContextProvider collector={null}>
        <App queryClient={queryClient} config={config} />
      </PageContextProvider>,
    );
  });
