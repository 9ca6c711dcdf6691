import { type QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation, useParams, useSearch } from 'wouter';
import type { CurrentUser } from '../domain/accounts';
import type { SiteConfig } from '../domain/render';
import { CookieConsentGate } from './components/cookie-consent-gate';
import { ErrorBoundary } from './components/error-boundary';
import { PageViewTracker } from './components/page-view-tracker';
import { SiteFooter } from './components/site-footer';
import { SiteNav } from './components/site-nav';
import { LazyToaster } from './components/ui/lazy-toaster';
import { currentUserQuery } from './features/accounts/queries';
import { lazyComponent } from './lib/lazy-page';
import { startPageQueries } from './lib/page-loader';
import { SiteConfigProvider, useSiteConfig } from './lib/site-config';
import { type AppRoute, appRoutes } from './routes';

function ScrollToTop() {
  const [pathname] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the reaction to a path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The page, its queries (its loader's) started as its route matches: in the same pass as its code,
 * not after its components mount. Once per address and visitor; the server fetched them before
 * rendering, so it starts none.
 */
function LoadedPage({ route, user }: { route: AppRoute; user: CurrentUser | null | undefined }) {
  const queryClient = useQueryClient();
  const params = useParams();
  const [pathname] = useLocation();
  const search = useSearch();
  const started = useRef<string>(undefined);
  // A loader that reads `user` waits until it is known: this renders again then.
  const key = `${pathname}?${search} ${user === undefined ? '?' : (user?.id ?? '')}`;
  if (!import.meta.env.SSR && started.current !== key) {
    started.current = key;
    startPageQueries(queryClient, route.page, { params, search: new URLSearchParams(search) }, user);
  }
  return <route.page.Page />;
}

// What an admin page shows a signed-in visitor it turns away: not part of every visitor's first load.
const AccessDenied = lazyComponent(() => import('./components/access-denied').then((m) => m.AccessDenied));
const TwoFactorRequired = lazyComponent(() =>
  import('./components/two-factor-required').then((m) => m.TwoFactorRequired),
);
/** Loads what an admin route may show instead of its page (the server render needs it loaded). */
export const preloadAdminGuards = () => Promise.all([AccessDenied.preload(), TwoFactorRequired.preload()]);

/** Applies the route's access rule: anonymous visitors go to /auth, non-admins see Access Denied. */
function GuardedPage({ route }: { route: AppRoute }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const { data: user, isPending } = useQuery(currentUserQuery);
  const config = useSiteConfig();
  if (route.access !== 'public') {
    if (isPending) return null;
    if (!user) {
      const next = encodeURIComponent(search ? `${pathname}?${search}` : pathname);
      return <Redirect to={`/auth?next=${next}`} replace />;
    }
    if (route.access === 'admin' && !user.isAdmin) return <AccessDenied />;
    if (
      route.access === 'admin' &&
      config.requireStaffTwoFactor &&
      !user.twoFactorEnabled &&
      !user.signedInWithPasskey
    )
      return <TwoFactorRequired />;
  }
  return <LoadedPage route={route} user={user} />;
}

export function App({
  queryClient,
  config,
  routes = appRoutes,
}: {
  queryClient: QueryClient;
  config: SiteConfig;
  /**
   * The server passes only the route it matched (`matchAppRoute`), so a render does not match the
   * path against the other routes.
   */
  routes?: readonly AppRoute[];
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteConfigProvider value={config}>
        <ScrollToTop />
        <PageViewTracker />
        {/* The skip link is the page's first stop; the banner (shown fixed at the bottom) comes next, so
            keyboard users reach the choice before the page. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow"
        >
          Skip to content
        </a>
        <CookieConsentGate />
        <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
          <SiteNav />
          <main id="main" className="flex-1">
            <ErrorBoundary>
              <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
                <Switch>
                  {routes.map((route) => (
                    <Route key={route.path} path={route.path}>
                      <GuardedPage route={route} />
                    </Route>
                  ))}
                </Switch>
              </Suspense>
            </ErrorBoundary>
          </main>
          <SiteFooter />
        </div>
        <LazyToaster />
      </SiteConfigProvider>
    </QueryClientProvider>
  );
}
