import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router';
import type { SiteConfig } from '../domain/render';
import { App } from './app';
import { PageContextProvider } from './lib/page-context';
import { createQueryClient } from './lib/query-client';
import { appRoutes } from './routes';
import './styles.css';

const queryClient = createQueryClient();
const state = JSON.parse(document.getElementById('__STATE__')?.textContent || '{}') as {
  config?: SiteConfig;
  queries?: DehydratedState;
};
if (state.queries) hydrate(queryClient, state.queries);
const config: SiteConfig = state.config ?? { publicUrl: window.location.origin, showAdminLink: true };

// Load the current page's code before hydrating so the first render matches the server's HTML.
const route =
  appRoutes.find((r) => matchPath(r.path, window.location.pathname)) ?? appRoutes[appRoutes.length - 1];
route.page.preload().then(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <PageContextProvider collector={null}>
      <BrowserRouter>
        <App queryClient={queryClient} config={config} />
      </BrowserRouter>
    </PageContextProvider>,
  );
});
