import { dehydrate, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { RenderRequest, RenderResult } from '../domain/render';
import { App } from './app';
import { currentUserQuery } from './features/accounts/queries';
import { bindServerFetch } from './lib/api';
import { type PageCollector, PageContextProvider } from './lib/page-context';
import { createQueryClient } from './lib/query-client';
import { routePrefetch } from './route-prefetch';
import { matchAppRoute } from './routes';

const FALLBACK_HEAD = {
  title: 'Prop Firm Club',
  description: 'Compare prop trading firms by trust rating, price, funding and rules.',
};

export async function render(request: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient();
  try {
    return await renderWith(queryClient, request);
  } finally {
    // Each query schedules its removal after the client's gcTime (10 minutes, for the browser); that
    // timer would keep this render's whole cache alive long after the response. Clearing cancels it.
    queryClient.clear();
  }
}

async function renderWith(queryClient: QueryClient, request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://localhost');
  const tags = new Set<string>();
  bindServerFetch(queryClient, async (path) => {
    const res = await request.fetchApi(path);
    for (const t of res.tags) tags.add(t);
    return res;
  });

  const { route, params } = matchAppRoute(url.pathname);
  const match = { params, search: url.searchParams };
  const queries = routePrefetch[route.path] ?? {};
  const prefetch = (queries: FetchQueryOptions<any, any, any, any>[] = []) =>
    Promise.all(queries.map((q) => queryClient.prefetchQuery({ ...q, retry: false })));
  // A page that differs for a signed-in visitor (the home) learns who asks first, then fetches
  // what that visitor sees; every other page asks for its data and the user in one batch.
  await Promise.all([
    route.page.preload(),
    queryClient.prefetchQuery(currentUserQuery),
    queries.signedInPrefetch ? undefined : prefetch(queries.prefetch?.(match)),
  ]);

  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  if (queries.signedInPrefetch) {
    await prefetch((user ? queries.signedInPrefetch : queries.prefetch)?.(match));
  }
  if (route.access !== 'public' && !user) {
    return {
      html: '',
      head: { ...FALLBACK_HEAD, canonicalPath: url.pathname },
      status: 302,
      redirect: `/auth?next=${encodeURIComponent(url.pathname + url.search)}`,
      stateJson: 'null',
      tags: [],
    };
  }

  const collector: PageCollector = { status: 200 };
  if (route.access === 'admin' && !user?.isAdmin) collector.status = 403;
  const html = renderToString(
    <PageContextProvider collector={collector}>
      <Router ssrPath={url.pathname} ssrSearch={url.search}>
        <App queryClient={queryClient} config={request.config} routes={[route]} />
      </Router>
    </PageContextProvider>,
  );
  return {
    html,
    head: collector.head ?? { ...FALLBACK_HEAD, canonicalPath: url.pathname },
    status: collector.status,
    stateJson: JSON.stringify({
      config: request.config,
      queries: dehydrate(queryClient, { shouldDehydrateQuery: () => true }),
    }),
    tags: [...tags],
    pageModule: route.page.module,
  };
}
