import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../domain/accounts';
import type { LazyPage, PageLoader, PageLoaderArgs, PageQuery } from './lazy-page';

/**
 * The queries of a page at an address. While the visitor is not known yet (`user` undefined), a
 * loader that reads `user` gets no answer: undefined says to ask again once they are. Every other
 * loader's queries are known at once, so they are fetched together with the visitor.
 */
export function listPageQueries(
  loader: PageLoader | undefined,
  at: Omit<PageLoaderArgs, 'user'>,
  user: CurrentUser | null | undefined,
): PageQuery[] | undefined {
  if (!loader) return [];
  if (user !== undefined) return loader({ ...at, user });
  let readsUser = false;
  const queries = loader({
    ...at,
    get user() {
      readsUser = true;
      return null;
    },
  });
  return readsUser ? undefined : queries;
}

/**
 * Starts the queries a page lacks in the browser as soon as its route matches: at once if the
 * page's code is loaded, else the moment it arrives, before the page renders and asks for them. A
 * query with data in the cache is left to the components, which refresh it by its cache rules (an
 * admin list's, always stale, is not fetched again for every change of the address).
 */
export function startPageQueries(
  queryClient: QueryClient,
  page: LazyPage,
  at: Omit<PageLoaderArgs, 'user'>,
  user: CurrentUser | null | undefined,
): void {
  const start = (loader: PageLoader | undefined) => {
    for (const query of listPageQueries(loader, at, user) ?? []) {
      if (queryClient.getQueryData(query.queryKey) === undefined) void queryClient.prefetchQuery(query);
    }
  };
  const loaded = page.loaded();
  if (loaded) start(loaded.loader);
  // A page whose code fails to load shows the error boundary; its data is not needed then.
  else
    page.preload().then(
      (m) => start(m.loader),
      () => {},
    );
}
