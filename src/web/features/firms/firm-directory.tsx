import { useQuery } from '@tanstack/react-query';
import { ArrowDownAZ, Building2, Search, ShieldCheck, Star, Tag, Wallet } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  ASSET_FILTERS,
  type AssetFilter,
  normalizeTrustRating,
  toggleAssetFilter,
  toggleSort,
} from '../../../domain/firm-rules';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { sendActivity } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import {
  type DirectoryState,
  directoryEmptyState,
  directorySearch,
  parseDirectoryState,
  selectDirectoryFirms,
} from './display';
import { FirmCard } from './firm-card';
import { featuredFirmQuery, firmsQuery } from './queries';

const SEARCH_DEBOUNCE_MS = 1000;
const CONTEXT = 'firms_directory';

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

/** The /firms list: filters, sorts and search live in the URL so a filtered list can be shared. */
export function FirmDirectory() {
  const [params, setParams] = useSearchParams();
  const state = parseDirectoryState(params);
  const firms = useQuery(firmsQuery());
  const featured = useQuery(featuredFirmQuery());
  const featuredId = featured.data?.propFirmId ?? null;
  const all = firms.data ?? [];
  const shown = selectDirectoryFirms(all, state, featuredId);
  const empty = directoryEmptyState(all.length, shown.length, state);

  const update = (next: Partial<DirectoryState>) =>
    setParams(new URLSearchParams(directorySearch({ ...state, ...next })), {
      replace: true,
      preventScrollReset: true,
    });

  const shownCount = shown.length;
  const lastSearch = useRef('');
  useEffect(() => {
    const q = state.q.trim();
    if (!q || q === lastSearch.current) return;
    const timer = setTimeout(() => {
      lastSearch.current = q;
      sendActivity('/api/analytics/search', {
        activityType: 'search',
        searchQuery: q,
        resultsCount: shownCount,
        context: CONTEXT,
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.q, shownCount]);

  function chooseMarket(clicked: AssetFilter) {
    const market = toggleAssetFilter(state.market, clicked);
    update({ market });
    if (market !== 'all') {
      const count = selectDirectoryFirms(all, { ...state, market }, featuredId).length;
      sendActivity('/api/analytics/filter', {
        activityType: 'filter',
        filterType: 'asset_class',
        filterValue: market,
        resultsCount: count,
        context: CONTEXT,
      });
    }
  }

  const approved = all.filter((f) => normalizeTrustRating(f.trustRating) === 'approved').length;
  const coupons = all.reduce((sum, f) => sum + f.activeCouponCount, 0);
  const accounts = all.reduce((sum, f) => sum + f.accountCount, 0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <section aria-label="Directory statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          icon={<Building2 className="size-5" />}
          label="Prop firms listed"
          value={String(all.length)}
        />
        <StatTile icon={<ShieldCheck className="size-5" />} label="Approved firms" value={String(approved)} />
        <StatTile icon={<Wallet className="size-5" />} label="Account options" value={String(accounts)} />
        <StatTile icon={<Tag className="size-5" />} label="Active coupons" value={String(coupons)} />
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
              value={state.q}
              maxLength={100}
              onChange={(e) => update({ q: e.target.value })}
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

      <section aria-label="Prop firms" className="mt-6">
        {firms.isPending ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-72 rounded-xl" />
            ))}
          </div>
        ) : firms.isError ? (
          <p className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
            The firms could not be loaded. Please try again.
          </p>
        ) : empty ? (
          <EmptyDirectory
            kind={empty}
            q={state.q}
            onClear={() => update({ market: 'all', sort: null, q: '' })}
          />
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              Showing {shown.length} of {all.length} firms
            </p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((firm) => (
                <FirmCard key={firm.id} firm={firm} featured={firm.id === featuredId} />
              ))}
            </div>
          </>
        )}
      </section>
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
