import { dehydrate, type Query, type QueryClient, skipToken } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { RenderRequest, RenderResult } from '../domain/render';
import { App, preloadAdminGuards } from './app';
import { currentUserQuery } from './features/accounts/queries';
import { bindServerFetch } from './lib/api';
import type { PageQuery } from './lib/lazy-page';
import { type PageCollector, PageContextProvider } from './lib/page-context';
import { listPageQueries } from './lib/page-loader';
import { createQueryClient } from './lib/query-client';
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
  const at = { params, search: url.searchParams };
  const prefetch = (queries: PageQuery[]) =>
    Promise.all(queries.map((q) => queryClient.prefetchQuery({ ...q, retry: false })));
  // A page that differs for a signed-in visitor (its loader reads `user`: the home) learns who asks
  // first, then fetches what that visitor sees; every other page asks for its data with the user.
  const userLoaded = queryClient.prefetchQuery(currentUserQuery);
  const { loader } = await route.page.preload();
  if (route.access === 'admin') await preloadAdminGuards();
  const queries = listPageQueries(loader, at, undefined);
  await Promise.all([userLoaded, queries && prefetch(queries)]);
  const user = queryClient.getQueryData(currentUserQuery.queryKey) ?? null;
  if (!queries) await prefetch(listPageQueries(loader, at, user) ?? []);
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
  const missingData = listMissingData(queryClient);
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
    ...(missingData.length ? { missingData } : {}),
  };
}

/** A query the page turns off on purpose (`enabled: false`, `skipToken`): the browser fetches it when it needs it. */
function isClientOnly(query: Query): boolean {
  // A disabled observer's `enabled` stays in the options of the query it made.
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return (
    query.options.queryFn === skipToken ||
    (typeof enabled === 'function' ? enabled(query) : enabled) === false
  );
}

/**
 * Keys of the queries the render asked for without data: loaded before the render, a query has
 * data or an error; one still pending was first asked for by a component, which rendered its
 * skeleton.
 */
function listMissingData(queryClient: QueryClient): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && !isClientOnly(query))
    .map((query) => query.queryHash);
}
