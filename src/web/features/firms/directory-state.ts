import {
  ASSET_FILTERS,
  type AssetFilter,
  DEFAULT_DIRECTORY_QUERY,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_QUERY_MAX,
  type DirectoryQuery,
  type FirmSort,
} from '../../../domain/firm-rules';

/** The directory's state in the address (search, market, sort, page) and what it asks the API. */

export interface DirectoryState {
  market: AssetFilter;
  sort: FirmSort;
  q: string;
  page: number;
}

const MARKETS = new Set<string>(ASSET_FILTERS.map((f) => f.value));

/** Reads ?market=&sort=&q=&page= leniently: unknown values fall back to the defaults. */
export function parseDirectoryState(search: URLSearchParams): DirectoryState {
  const market = search.get('market') ?? 'all';
  const sort = search.get('sort');
  const page = Number(search.get('page') ?? 1);
  return {
    market: (MARKETS.has(market) ? market : 'all') as AssetFilter,
    sort: sort === 'az' || sort === 'rating' ? sort : null,
    q: (search.get('q') ?? '').slice(0, DIRECTORY_QUERY_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= DIRECTORY_MAX_PAGE ? page : 1,
  };
}

/** The query string of a directory state, leaving defaults out so the plain /firms URL stays canonical. */
export function directorySearch(state: DirectoryState): string {
  const params = new URLSearchParams();
  if (state.market !== 'all') params.set('market', state.market);
  if (state.sort) params.set('sort', state.sort);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list a directory state shows: its filters, sort and page, at the standard page size. */
export const directoryListQuery = (state: DirectoryState): Partial<DirectoryQuery> => ({
  market: state.market,
  sort: state.sort,
  q: state.q,
  page: state.page,
});

/**
 * The GET /api/firms path of a query, defaults left out and parameters in one order, so the
 * server render and the browser share one cache entry per list.
 */
export function directoryApiPath(query: Partial<DirectoryQuery>): string {
  const full = { ...DEFAULT_DIRECTORY_QUERY, ...query, q: (query.q ?? '').trim() };
  const params = new URLSearchParams();
  for (const key of ['market', 'sort', 'q', 'page', 'pageSize'] as const) {
    const value = full[key];
    if (value !== null && value !== DEFAULT_DIRECTORY_QUERY[key]) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `/api/firms?${text}` : '/api/firms';
}

export type DirectoryEmptyState = 'no-firms' | 'no-search-match' | 'no-filter-match' | null;

/**
 * Which of the three empty states /firms shows (spec section 2), from the number of listed firms
 * (when known) and of firms matching the filters.
 */
export function directoryEmptyState(
  listedCount: number | undefined,
  matched: number,
  state: Pick<DirectoryState, 'market' | 'q'>,
): DirectoryEmptyState {
  const filtered = state.market !== 'all' || state.q.trim() !== '';
  if (listedCount === 0 || (matched === 0 && !filtered)) return 'no-firms';
  if (matched > 0) return null;
  return state.q.trim() ? 'no-search-match' : 'no-filter-match';
}

/**
 * The page links of a pager: the first and last pages, the current one and its neighbours, with
 * 'gap' where pages are left out (1 ... 4 5 6 ... 20).
 */
export function pageLinks(current: number, count: number): (number | 'gap')[] {
  const shown = [...new Set([1, current - 1, current, current + 1, count])]
    .filter((n) => n >= 1 && n <= count)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? ['gap' as const, n] : [n]));
}
