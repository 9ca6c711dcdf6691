import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/domain/accounts';
import type { LazyPage, PageLoader, PageModule } from '../../src/web/lib/lazy-page';
import { listPageQueries, startPageQueries } from '../../src/web/lib/page-loader';

const user = { id: 'u1', email: 'a@example.com', isAdmin: false } as CurrentUser;
const at = { params: { slug: 'acme' }, search: new URLSearchParams('tab=reviews') };
const firmQuery = (slug: string) => ({
  queryKey: [`/api/firms/${slug}`],
  queryFn: () => new Promise(() => {}),
});
const ownQuery = (slug: string) => ({
  queryKey: [`/api/firms/${slug}/mine`],
  queryFn: () => new Promise(() => {}),
});

const firmLoader: PageLoader = ({ params }) => [firmQuery(params.slug ?? '')];
const homeLoader: PageLoader = ({ params, user }) => (user ? [ownQuery(params.slug ?? '')] : []);

/** A page whose code arrives when `arrive` is called, or is there already. */
function fakePage(loader: PageLoader, loadedAlready: boolean) {
  const module: PageModule = { default: () => null, loader };
  let loaded = loadedAlready ? module : undefined;
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const page: LazyPage = {
    module: 'src/web/pages/fake-page.tsx',
    Page: () => null,
    loaded: () => loaded,
    preload: () =>
      arrived.then(() => {
        loaded = module;
        return module;
      }),
  };
  return { page, arrive };
}

const isFetching = (client: QueryClient, key: string) =>
  client.getQueryState([key])?.fetchStatus === 'fetching';

describe('page loaders', () => {
  it('give their queries before the visitor is known, unless they ask who it is', () => {
    expect(listPageQueries(firmLoader, at, undefined)?.map((q) => q.queryKey)).toEqual([['/api/firms/acme']]);
    expect(listPageQueries(homeLoader, at, undefined)).toBeUndefined();
    expect(listPageQueries(homeLoader, at, user)?.map((q) => q.queryKey)).toEqual([['/api/firms/acme/mine']]);
    expect(listPageQueries(homeLoader, at, null)).toEqual([]);
    expect(listPageQueries(undefined, at, undefined)).toEqual([]);
  });

  it("start a loaded page's queries in the browser at once, and a page's still loading as its code arrives", async () => {
    const client = new QueryClient();
    const ready = fakePage(firmLoader, true);
    startPageQueries(client, ready.page, at, null);
    expect(isFetching(client, '/api/firms/acme')).toBe(true);

    const other = { params: { slug: 'beta' }, search: new URLSearchParams() };
    const coming = fakePage(firmLoader, false);
    startPageQueries(client, coming.page, other, null);
    expect(isFetching(client, '/api/firms/beta')).toBe(false);
    coming.arrive();
    await coming.page.preload();
    expect(isFetching(client, '/api/firms/beta')).toBe(true);
    client.clear();
  });

  it('leave a query the browser has data for to its components', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/firms/acme'], { name: 'Acme' });
    startPageQueries(client, fakePage(firmLoader, true).page, at, null);
    expect(isFetching(client, '/api/firms/acme')).toBe(false);
    client.clear();
  });
});
