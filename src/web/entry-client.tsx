import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type AroundNavHandler, Router } from 'wouter';
import type { SiteConfig } from '../domain/render';
import { App } from './app';
import { PageContextProvider } from './lib/page-context';
import { createQueryClient } from './lib/query-client';
import { matchAppRoute } from './routes';
import './styles.css';

/** Where a link is going while it waits for that page's code (`navigateWhenLoaded`). */
let pendingNavigation: string | undefined;
/** Set once a full page load has been asked for: nothing else should render meanwhile. */
let loadingAfresh = false;

/**
 * After a deploy, a page opened before it asks for chunks the new build no longer has: the next
 * page's, or a firm page's tab's. A full load gets the new build: of the page a link was going to,
 * or else of this page. Once a minute at most, so a chunk that is truly missing still ends on the
 * crash screen instead of a loop.
 */
window.addEventListener('vite:preloadError', () => {
  const key = 'pfc:chunk-reload';
  try {
    if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return; // no storage, no way to tell a loop: leave the error to the crash screen
  }
  loadingAfresh = true;
  if (pendingNavigation) window.location.assign(pendingNavigation);
  else window.location.reload();
});

const queryClient = createQueryClient();
const state = JSON.parse(document.getElementById('__STATE__')?.textContent || '{}') as {
  config?: SiteConfig;
  queries?: DehydratedState;
};
if (state.queries) hydrate(queryClient, state.queries);
const config: SiteConfig = state.config ?? { publicUrl: window.location.origin, showAdminLink: true };

/**
 * A link or navigate() call waits for the next page's code, so the current page stays on screen
 * rather than the loading fallback. A router update can't be held back in a React transition,
 * because wouter keeps the location in an external store.
 */
const navigateWhenLoaded: AroundNavHandler = (navigate, to, options) => {
  pendingNavigation = to;
  const go = () => {
    pendingNavigation = undefined;
    if (!loadingAfresh) navigate(to, options);
  };
  matchAppRoute(new URL(to, window.location.href).pathname).route.page.preload().then(go, go);
};

/**
 * Resolves once the browser has painted the server's HTML, so a visitor sees the page before
 * hydration takes the main thread; soon in any case, for a tab that paints nothing (hidden).
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });

// Load the current page's code before hydrating so the first render matches the server's HTML.
// Hydration runs as a transition, so React yields to the browser between slices of it: a tap or a
// keypress during hydration is not held behind one long task.
Promise.all([matchAppRoute(window.location.pathname).route.page.preload(), afterFirstPaint()]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <PageContextProvider collector={null}>
        <Router aroundNav={navigateWhenLoaded}>
          <App queryClient={queryClient} config={config} />
        </Router>
      </PageContextProvider>,
    );
  });
});
