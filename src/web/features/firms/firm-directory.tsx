import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import ArrowDownAZ from '~icons/lucide/arrow-down-az';
import Building2 from '~icons/lucide/building-2';
import ChevronLeft from '~icons/lucide/chevron-left';
import ChevronRight from '~icons/lucide/chevron-right';
import Ellipsis from '~icons/lucide/ellipsis';
import Search from '~icons/lucide/search';
import ShieldCheck from '~icons/lucide/shield-check';
import Star from '~icons/lucide/star';
import Tag from '~icons/lucide/tag';
import Wallet from '~icons/lucide/wallet';
import {
  ASSET_FILTERS,
  type AssetFilter,
  DIRECTORY_QUERY_MAX,
  pageCount,
  pageOffset,
  toggleAssetFilter,
  toggleSort,
} from '../../../domain/firm-rules';
import { countOf, formatCount } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { sendActivity } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { useUrlSearchParams } from '../../lib/url-search-params';
import {
  type DirectoryState,
  directoryEmptyState,
  directoryListQuery,
  directorySearch,
  pageLinks,
  parseDirectoryState,
} from './directory-state';
import { FirmCard, FirmCardIcons } from './firm-card';
import { firmDirectoryQuery, firmStatsQuery } from './queries';

const SEARCH_DEBOUNCE_MS = 1000;
/** Typing reaches the URL (and so the server) after this pause, not on every key. */
const TYPING_PAUSE_MS = 300;
const CONTEXT = 'firms_directory';
const LIST_ID = 'firm-list';

const number = (n: number) => n.toLocaleString('en-US');

function StatTile({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        {icon}
      </span>
      <div>
        <p className="text-2xl font-bold text-slate-900">{value}</p>
        <p className="text-sm text-slate-600">{label}</p>
      </div>
    </div>
  );
}

function ToggleButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
        active
          ? 'border-brand-600 bg-brand-600 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

/** The current directory list (shared with the page's structured data through the query cache). */
export function useDirectoryList(state: DirectoryState) {
  return useQuery({ ...firmDirectoryQuery(directoryListQuery(state)), placeholderData: keepPreviousData });
}

/**
 * The search box: typed text goes to the URL after a short pause, so the server is asked once
 * per pause rather than per key; a change of the URL from elsewhere (Clear All Filters, going
 * back) shows in the box.
 */
function useSearchText(urlQ: string, commit: (q: string) => void) {
  const [text, setText] = useState(urlQ);
  const committed = useRef(urlQ);
  const latestCommit = useRef(commit);
  latestCommit.current = commit;
  useEffect(() => {
    if (urlQ !== committed.current) {
      committed.current = urlQ;
      setText(urlQ);
    }
  }, [urlQ]);
  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      latestCommit.current(text);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
}

/** The /firms list: filters, sort, search and page live in the URL so a filtered list can be shared. */
export function FirmDirectory() {
  const [params, setParams] = useUrlSearchParams();
  const state = parseDirectoryState(params);
  const queryClient = useQueryClient();
  const list = useDirectoryList(state);
  const stats = useQuery(firmStatsQuery());
  // Read when an analytics timer fires, so it counts the list the visitor has by then.
  const current = useRef(state);
  current.current = state;

  // Any change of filters, sort or search starts again at page 1.
  const update = (next: Partial<DirectoryState>) =>
    setParams(new URLSearchParams(directorySearch({ ...state, page: 1, ...next })), {
      replace: true,
    });
  const [text, setText] = useSearchText(state.q, (q) => update({ q }));

  /** The number of firms a list would show, for analytics; failures stay silent like the beacon. */
  const countFor = (next: Partial<DirectoryState>) =>
    queryClient
      .fetchQuery(firmDirectoryQuery(directoryListQuery({ ...current.current, page: 1, ...next })))
      .then((page) => page.total);

  // Search analytics (spec section 7): one event a second after typing stops.
  const lastSearch = useRef('');
  const typed = text.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text restarts the wait
  useEffect(() => {
    if (!typed || typed === lastSearch.current) return;
    const timer = setTimeout(() => {
      lastSearch.current = typed;
      countFor({ q: typed })
        .then((resultsCount) =>
          sendActivity('/api/analytics/search', {
            activityType: 'search',
            searchQuery: typed,
            resultsCount,
            context: CONTEXT,
          }),
        )
        .catch(() => {});
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  function chooseMarket(clicked: AssetFilter) {
    const market = toggleAssetFilter(state.market, clicked);
    update({ market });
    if (market === 'all') return;
    countFor({ market })
      .then((resultsCount) =>
        sendActivity('/api/analytics/filter', {
          activityType: 'filter',
          filterType: 'asset_class',
          filterValue: market,
          resultsCount,
          context: CONTEXT,
        }),
      )
      .catch(() => {});
  }

  const tile = (key: 'listedCount' | 'approvedCount' | 'accountCount' | 'activeCouponCount') =>
    stats.data ? formatCount(stats.data[key]) : '–';
  const data = list.data;
  const empty = data ? directoryEmptyState(stats.data?.listedCount, data.total, state) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <section aria-label="Directory statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          icon={<Building2 className="size-5" />}
          label="Prop firms listed"
          value={tile('listedCount')}
        />
        <StatTile
          icon={<ShieldCheck className="size-5" />}
          label="Approved firms"
          value={tile('approvedCount')}
        />
        <StatTile icon={<Wallet className="size-5" />} label="Account options" value={tile('accountCount')} />
        <StatTile
          icon={<Tag className="size-5" />}
          label="Active coupons"
          value={tile('activeCouponCount')}
        />
      </section>

      <section
        aria-label="Filters"
        className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap gap-2" role="group" aria-label="Asset class">
          {ASSET_FILTERS.map((f) => (
            <ToggleButton
              key={f.value}
              active={state.market === f.value}
              onClick={() => chooseMarket(f.value)}
            >
              {f.label}
            </ToggleButton>
          ))}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <label htmlFor="firm-filter" className="sr-only">
              Search firms
            </label>
            <Input
              id="firm-filter"
              type="search"
              placeholder="Search firms by name or market..."
              className="pl-9"
              value={text}
              maxLength={DIRECTORY_QUERY_MAX}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <div className="flex gap-2" role="group" aria-label="Sort">
            <ToggleButton
              active={state.sort === 'az'}
              onClick={() => update({ sort: toggleSort(state.sort, 'az') })}
            >
              <ArrowDownAZ className="size-4" aria-hidden="true" /> A-Z
            </ToggleButton>
            <ToggleButton
              active={state.sort === 'rating'}
              onClick={() => update({ sort: toggleSort(state.sort, 'rating') })}
            >
              <Star className="size-4" aria-hidden="true" /> Rating
            </ToggleButton>
          </div>
        </div>
      </section>

      <section id={LIST_ID} aria-label="Prop firms" className="mt-6 scroll-mt-20">
        {!data && list.isError ? (
          <p className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
            The firms could not be loaded. Please try again.
          </p>
        ) : !data ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} rounded="xl" className="h-72" />
            ))}
          </div>
        ) : empty ? (
          <EmptyDirectory
            kind={empty}
            q={state.q}
            onClear={() => update({ market: 'all', sort: null, q: '' })}
          />
        ) : data.firms.length === 0 ? (
          <PastTheEnd state={state} pages={pageCount(data.total, data.pageSize)} />
        ) : (
          <>
            <h2 className="sr-only">Firms</h2>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              Showing {number(pageOffset(data.page, data.pageSize) + 1)}-
              {number(pageOffset(data.page, data.pageSize) + data.firms.length)} of {number(data.total)} firms
            </p>
            <FirmCardIcons />
            <div
              className={cn(
                'grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
                list.isPlaceholderData && 'opacity-60',
              )}
              aria-busy={list.isPlaceholderData}
            >
              {data.firms.map((firm) => (
                <FirmCard key={firm.id} firm={firm} featured={firm.id === data.featuredFirmId} />
              ))}
            </div>
            <Pager state={state} pages={pageCount(data.total, data.pageSize)} />
          </>
        )}
      </section>
    </div>
  );
}

const scrollToList = () => document.getElementById(LIST_ID)?.scrollIntoView({ block: 'start' });

/** Numbered pages as links, so every page of a filtered list has its own shareable, crawlable URL. */
function Pager({ state, pages }: { state: DirectoryState; pages: number }) {
  if (pages <= 1) return null;
  const to = (page: number) => `/firms${directorySearch({ ...state, page })}`;
  const step = 'inline-flex h-10 items-center gap-1 rounded-md border px-3 text-sm font-medium';
  return (
    <nav aria-label="Pages of firms" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {state.page > 1 ? (
        <Link
          to={to(state.page - 1)}
          onClick={scrollToList}
          className={cn(step, 'border-slate-300 bg-white hover:bg-slate-100')}
        >
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Link>
      ) : null}
      {pageLinks(state.page, pages).map((n, i) =>
        n === 'gap' ? (
          <Ellipsis key={`gap-${i}`} className="mx-1 size-4 text-slate-500" aria-hidden="true" />
        ) : n === state.page ? (
          <span key={n} aria-current="page" className={cn(step, 'border-brand-600 bg-brand-600 text-white')}>
            <span className="sr-only">Page </span>
            {n}
          </span>
        ) : (
          <Link
            key={n}
            to={to(n)}
            onClick={scrollToList}
            className={cn(step, 'border-slate-300 bg-white hover:bg-slate-100')}
          >
            <span className="sr-only">Page </span>
            {n}
          </Link>
        ),
      )}
      {state.page < pages ? (
        <Link
          to={to(state.page + 1)}
          onClick={scrollToList}
          className={cn(step, 'border-slate-300 bg-white hover:bg-slate-100')}
        >
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}

function PastTheEnd({ state, pages }: { state: DirectoryState; pages: number }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="text-xl font-semibold text-slate-900">There is no page {state.page}</h2>
      <p className="mt-2 text-slate-600">This list has {countOf(pages, 'page')}.</p>
      <Button asChild className="mt-4">
        <Link to={`/firms${directorySearch({ ...state, page: pages })}`}>Go to the last page</Link>
      </Button>
    </div>
  );
}

function EmptyDirectory({
  kind,
  q,
  onClear,
}: {
  kind: NonNullable<ReturnType<typeof directoryEmptyState>>;
  q: string;
  onClear: () => void;
}) {
  const title =
    kind === 'no-firms'
      ? 'No Prop Firms Available'
      : kind === 'no-search-match'
        ? `No firms found matching "${q.trim()}"`
        : 'No Firms Match Your Filters';
  const text =
    kind === 'no-firms'
      ? 'Firms will appear here as soon as they are listed.'
      : 'Try another search or market, or clear the filters to see every firm.';
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-600">{text}</p>
      {kind !== 'no-firms' && (
        <Button className="mt-4" onClick={onClear}>
          Clear All Filters
        </Button>
      )}
    </div>
  );
}
