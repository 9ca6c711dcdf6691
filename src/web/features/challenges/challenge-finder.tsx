import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import ChevronLeft from '~icons/lucide/chevron-left';
import ChevronRight from '~icons/lucide/chevron-right';
import SlidersHorizontal from '~icons/lucide/sliders-horizontal';
import {
  CHALLENGE_ASSET_LABELS,
  CHALLENGE_ASSETS,
  CHALLENGE_PAGE_SIZE,
  CHALLENGE_SORT_LABELS,
  CHALLENGE_SORTS,
  type ChallengeBooleanFilter,
  type ChallengeSort,
  COMMON_SIZES,
  computeTrueCost,
  DRAWDOWN_TYPE_LABELS,
  DRAWDOWN_TYPES,
  defaultOrder,
  MONTHS_PER_ATTEMPT_MAX,
  STEP_VALUES,
  stepsLabel,
  trueCostInput,
} from '../../../domain/challenge-rules';
import { pageCount, pageOffset } from '../../../domain/firm-rules';
import { formatFunding } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { sendActivity } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { ChallengeCard, ChallengeCardIcons } from './challenge-card';
import { challengeFiltersQuery, challengesQuery } from './queries';
import {
  activeFilterCount,
  type ChallengeState,
  challengeSearch,
  clearFilters,
  type NumberFilter,
  parseChallengeState,
} from './state';

const CONTEXT = 'challenges';
const LIST_ID = 'challenge-list';
const TYPING_PAUSE_MS = 400;

const FLAG_LABELS: Record<ChallengeBooleanFilter, string> = {
  news: 'News trading allowed',
  weekend: 'Weekend holding',
  ea: 'EAs allowed',
  noTimeLimit: 'No time limit',
  refundable: 'Refundable fee',
  hasCoupon: 'Has a coupon',
};

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The finder's state from the address, and a way to change it (a new history entry unless
 * replaced), from the state as the last change left it: changes made in one turn build on each
 * other before the address shows the first (fields changed before hydration report together,
 * decision 0042, and a navigation lands after the page's code is checked).
 */
export function useChallengeState() {
  const [params, setParams] = useUrlSearchParams();
  const state = parseChallengeState(params);
  const search = params.toString();
  const asked = useRef<{ from: string; state: ChallengeState } | null>(null);
  // A new address (the change landed, or Back) is the state to build on again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the address changes
  useEffect(() => {
    asked.current = null;
  }, [search]);
  const set = (change: (current: ChallengeState) => ChallengeState, options?: { replace?: boolean }) => {
    const current = asked.current?.from === search ? asked.current.state : state;
    const next = change(current);
    asked.current = { from: search, state: next };
    setParams(new URLSearchParams(challengeSearch(next)), options);
    return next;
  };
  return [state, set] as const;
}

export function useChallengeList(state: ChallengeState) {
  return useQuery({ ...challengesQuery(state), placeholderData: keepPreviousData });
}

function Chip({
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
        'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
        active
          ? 'border-brand-600 bg-brand-600 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

function Group({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{label}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A number typed into a box reaches the address after a pause (or on Enter or leaving the box),
 * and a change of the address from elsewhere (Clear all filters, Back) shows in the box.
 */
function NumberBox({
  label,
  value,
  onCommit,
  min,
  max,
  step,
}: {
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  min: number;
  max: number;
  step?: number;
}) {
  const id = useId();
  const [text, setText] = useState(value == null ? '' : String(value));
  const committed = useRef(value);
  const latest = useRef(onCommit);
  latest.current = onCommit;
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value == null ? '' : String(value));
    }
  }, [value]);
  const commit = (raw: string) => {
    const n = raw.trim() === '' ? null : Number(raw);
    if (n !== null && (!Number.isFinite(n) || n < min || n > max)) return;
    if (n === committed.current) return;
    committed.current = n;
    latest.current(n);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new text restarts the pause
  useEffect(() => {
    const timer = setTimeout(() => commit(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step ?? 'any'}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(text);
        }}
      />
    </div>
  );
}

const toggle = <T,>(values: T[], value: T) =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

/** A change to some filters: their new values, or a function of the state to change. */
type FilterChange = Partial<ChallengeState> | ((current: ChallengeState) => Partial<ChallengeState>);

/** The /challenges finder: filters, sort, the trader's two inputs, the list and its pages, all in the address. */
export function ChallengeFinder() {
  const [state, setState] = useChallengeState();
  const list = useChallengeList(state);
  const filterChoices = useQuery(challengeFiltersQuery());
  const queryClient = useQueryClient();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  /** A filter change: page 1, a new history entry (Back undoes it); returns the state asked for. */
  const changeFilters = (next: FilterChange) =>
    setState((current) => ({
      ...current,
      ...(typeof next === 'function' ? next(current) : next),
      page: 1,
    }));
  /** The filter analytics call, with the number of results the filtered state has. */
  const reportFilter = (filtered: ChallengeState, filter: { type: string; value: string }) => {
    queryClient
      .fetchQuery(challengesQuery(filtered))
      .then((page) =>
        sendActivity('/api/analytics/filter', {
          activityType: 'filter',
          filterType: filter.type,
          filterValue: filter.value,
          resultsCount: page.total,
          context: CONTEXT,
        }),
      )
      .catch(() => {});
  };
  const applyFilter = (next: FilterChange, analytics?: { type: string; value: string }) => {
    const filtered = changeFilters(next);
    if (analytics) reportFilter(filtered, analytics);
  };
  /** A chip pressed: its value joins or leaves the list the last change left (not the render's). */
  const toggleIn = <K extends 'size' | 'steps' | 'asset' | 'drawdownType' | 'platform'>(
    key: K,
    value: ChallengeState[K][number],
  ) => {
    const filtered = changeFilters(
      (current) =>
        ({ [key]: toggle(current[key] as ChallengeState[K][number][], value) }) as Partial<ChallengeState>,
    );
    if ((filtered[key] as ChallengeState[K][number][]).includes(value))
      reportFilter(filtered, { type: key, value: String(value) });
  };
  const setNumber = (key: NumberFilter) => (value: number | null) =>
    applyFilter({ [key]: value }, value == null ? undefined : { type: key, value: String(value) });
  const setFlag = (flag: ChallengeBooleanFilter, on: boolean) => {
    applyFilter(
      (current) => {
        const flags = { ...current.flags };
        if (on) flags[flag] = true;
        else delete flags[flag];
        return { flags };
      },
      on ? { type: flag, value: 'true' } : undefined,
    );
  };

  const assumptions = { passRate: state.pass / 100, monthsPerAttempt: state.months };
  const data = list.data;
  const filters = activeFilterCount(state);
  const order = state.order ?? defaultOrder(state.sort);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <section
        aria-label="Your assumptions"
        className="grid grid-cols-2 gap-4 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex sm:items-start"
      >
        <AssumptionBox
          label="Pass rate"
          suffix="%"
          value={state.pass}
          min={1}
          max={100}
          hint="Your chance of passing every phase in one attempt"
          onChange={(pass) => setState((current) => ({ ...current, pass }), { replace: true })}
        />
        <AssumptionBox
          label="Months per attempt"
          value={state.months}
          min={1}
          max={MONTHS_PER_ATTEMPT_MAX}
          whole
          hint="For monthly accounts"
          onChange={(months) => setState((current) => ({ ...current, months }), { replace: true })}
        />
        <p className="col-span-2 text-sm text-slate-700 sm:max-w-md">
          True cost is what getting funded costs on average: every attempt you expect to need at your pass
          rate, resets, activation fees, refunds and cashback counted.{' '}
          <Link to="/methodology#true-cost" className="font-medium text-brand-700 underline">
            How we compute true cost
          </Link>
        </p>
      </section>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" /> Filters{filters ? ` (${filters})` : ''}
        </Button>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="challenge-sort" className="text-sm font-medium text-slate-700">
            Sort by
          </label>
          <NativeSelect
            id="challenge-sort"
            value={state.sort}
            onChange={(e) =>
              setState((current) => ({
                ...current,
                sort: e.target.value as ChallengeSort,
                order: null,
                page: 1,
              }))
            }
            className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {CHALLENGE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {CHALLENGE_SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              setState((current) => ({ ...current, order: order === 'asc' ? 'desc' : 'asc', page: 1 }))
            }
            aria-label={`Order: ${order === 'asc' ? 'ascending' : 'descending'}, change`}
          >
            {order === 'asc' ? 'Low to high' : 'High to low'}
          </Button>
        </div>
        {filters > 0 && (
          <Button variant="ghost" size="sm" onClick={() => applyFilter(clearFilters)}>
            Clear all filters
          </Button>
        )}
      </div>

      <div className="mt-4 grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <section
          id={panelId}
          aria-label="Filters"
          className={cn(
            'flex-col gap-5 self-start rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:flex',
            filtersOpen ? 'flex' : 'hidden',
          )}
        >
          <Group label="Account size">
            <div className="flex flex-wrap gap-2">
              {COMMON_SIZES.map((size) => (
                <Chip key={size} active={state.size.includes(size)} onClick={() => toggleIn('size', size)}>
                  {formatFunding(size)}
                </Chip>
              ))}
            </div>
            <div className="mt-3 grid grid-cols-2 gap-2">
              <NumberBox
                label="Min size ($)"
                value={state.sizeMin}
                min={0}
                max={100_000_000}
                step={1000}
                onCommit={setNumber('sizeMin')}
              />
              <NumberBox
                label="Max size ($)"
                value={state.sizeMax}
                min={0}
                max={100_000_000}
                step={1000}
                onCommit={setNumber('sizeMax')}
              />
            </div>
          </Group>
          <Group label="Steps">
            <div className="flex flex-wrap gap-2">
              {STEP_VALUES.map((steps) => (
                <Chip
                  key={steps}
                  active={state.steps.includes(steps)}
                  onClick={() => toggleIn('steps', steps)}
                >
                  {stepsLabel(steps)}
                </Chip>
              ))}
            </div>
          </Group>
          <Group label="Asset class">
            <div className="flex flex-wrap gap-2">
              {CHALLENGE_ASSETS.map((asset) => (
                <Chip
                  key={asset}
                  active={state.asset.includes(asset)}
                  onClick={() => toggleIn('asset', asset)}
                >
                  {CHALLENGE_ASSET_LABELS[asset]}
                </Chip>
              ))}
            </div>
          </Group>
          <Group label="Drawdown type">
            <div className="flex flex-wrap gap-2">
              {DRAWDOWN_TYPES.map((type) => (
                <Chip
                  key={type}
                  active={state.drawdownType.includes(type)}
                  onClick={() => toggleIn('drawdownType', type)}
                >
                  {DRAWDOWN_TYPE_LABELS[type]}
                </Chip>
              ))}
            </div>
          </Group>
          <Group label="Rules">
            <div className="grid grid-cols-2 gap-2">
              <NumberBox
                label="Min daily drawdown (%)"
                value={state.dailyDrawdownMin}
                min={0}
                max={100}
                onCommit={setNumber('dailyDrawdownMin')}
              />
              <NumberBox
                label="Min max drawdown (%)"
                value={state.maxDrawdownMin}
                min={0}
                max={100}
                onCommit={setNumber('maxDrawdownMin')}
              />
              <NumberBox
                label="Max phase-1 target (%)"
                value={state.targetMax}
                min={0}
                max={100}
                onCommit={setNumber('targetMax')}
              />
              <NumberBox
                label="Min profit split (%)"
                value={state.profitSplitMin}
                min={0}
                max={100}
                onCommit={setNumber('profitSplitMin')}
              />
              <NumberBox
                label="Max price after coupon ($)"
                value={state.priceMax}
                min={0}
                max={10_000_000}
                onCommit={setNumber('priceMax')}
              />
            </div>
          </Group>
          <Group label="Platform and country">
            <div className="grid gap-2">
              <label htmlFor="challenge-platform" className="text-sm text-slate-700">
                Platform
              </label>
              <NativeSelect
                id="challenge-platform"
                value={state.platform[0] ?? ''}
                onChange={(e) =>
                  applyFilter(
                    { platform: e.target.value ? [e.target.value] : [] },
                    e.target.value ? { type: 'platform', value: e.target.value } : undefined,
                  )
                }
                className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
              >
                <option value="">Any platform</option>
                {(filterChoices.data?.platforms ?? []).map((p) => (
                  <option key={p.slug} value={p.slug}>
                    {p.name}
                  </option>
                ))}
                {state.platform[0] &&
                !filterChoices.data?.platforms.some((p) => p.slug === state.platform[0]) ? (
                  <option value={state.platform[0]}>{state.platform[0]}</option>
                ) : null}
              </NativeSelect>
              <label htmlFor="challenge-country" className="text-sm text-slate-700">
                Your country
              </label>
              <NativeSelect
                id="challenge-country"
                value={state.country}
                onChange={(e) =>
                  applyFilter(
                    { country: e.target.value },
                    e.target.value ? { type: 'country', value: e.target.value } : undefined,
                  )
                }
                className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
              >
                <option value="">Any country</option>
                {(filterChoices.data?.countries ?? []).map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
                {state.country && !filterChoices.data?.countries.includes(state.country) ? (
                  <option value={state.country}>{state.country}</option>
                ) : null}
              </NativeSelect>
            </div>
          </Group>
          <Group label="Must have">
            <div className="grid gap-2">
              {(Object.keys(FLAG_LABELS) as ChallengeBooleanFilter[]).map((flag) => (
                <label key={flag} className="flex items-center gap-2 text-sm text-slate-800">
                  <Checkbox
                    className="size-4 accent-brand-600"
                    checked={state.flags[flag] === true}
                    onChange={(e) => setFlag(flag, e.target.checked)}
                  />
                  {FLAG_LABELS[flag]}
                </label>
              ))}
            </div>
          </Group>
        </section>

        <section id={LIST_ID} aria-label="Challenges" className="min-w-0 scroll-mt-20">
          {!data && list.isError ? (
            <p className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
              The challenges could not be loaded. Please try again.
            </p>
          ) : !data ? (
            <div className="grid gap-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} rounded="xl" className="h-56" />
              ))}
            </div>
          ) : data.total === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-xl font-semibold text-slate-900">No challenges match your filters</h2>
              <p className="mt-2 text-slate-600">Loosen a filter, or clear them all to see every account.</p>
              <Button className="mt-4" onClick={() => applyFilter(clearFilters)}>
                Clear all filters
              </Button>
            </div>
          ) : data.options.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-xl font-semibold text-slate-900">There is no page {state.page}</h2>
              <Button asChild className="mt-4">
                <Link
                  to={`/challenges${challengeSearch({ ...state, page: pageCount(data.total, data.pageSize) })}`}
                >
                  Go to the last page
                </Link>
              </Button>
            </div>
          ) : (
            <>
              <h2 className="sr-only">Challenges</h2>
              <p className="mb-3 text-sm text-slate-600" aria-live="polite" data-testid="result-count">
                {number(data.total)} {data.total === 1 ? 'challenge' : 'challenges'} · showing{' '}
                {number(pageOffset(data.page, data.pageSize) + 1)}-
                {number(pageOffset(data.page, data.pageSize) + data.options.length)}
              </p>
              <div
                className={cn('grid gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}
                aria-busy={list.isPlaceholderData}
              >
                <ChallengeCardIcons />
                {data.options.map((option) => (
                  <ChallengeCard
                    key={option.account.id}
                    option={option}
                    cost={computeTrueCost(trueCostInput(option), assumptions)}
                  />
                ))}
              </div>
              <Pager state={state} pages={pageCount(data.total, data.pageSize ?? CHALLENGE_PAGE_SIZE)} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** The pass rate or months input: recomputes the costs in the browser and keeps the value in the address. */
function AssumptionBox({
  label,
  suffix,
  value,
  min,
  max,
  whole,
  hint,
  onChange,
}: {
  label: string;
  suffix?: string;
  value: number;
  min: number;
  max: number;
  whole?: boolean;
  hint: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const shown = useRef(value);
  useEffect(() => {
    if (value !== shown.current) {
      shown.current = value;
      setText(String(value));
    }
  }, [value]);
  return (
    <div className="min-w-0 sm:w-44">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-1">
        <Input
          id={id}
          type="number"
          inputMode={whole ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={whole ? 1 : 'any'}
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            const n = Number(e.target.value);
            if (
              e.target.value.trim() &&
              Number.isFinite(n) &&
              n >= min &&
              n <= max &&
              (!whole || Number.isInteger(n))
            ) {
              shown.current = n;
              onChange(n);
            }
          }}
        />
        {suffix ? <span className="text-sm text-slate-700">{suffix}</span> : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}

const scrollToList = () => document.getElementById(LIST_ID)?.scrollIntoView({ block: 'start' });

/** Previous / next and the page number, as links so each page has its own address. */
function Pager({ state, pages }: { state: ChallengeState; pages: number }) {
  if (pages <= 1) return null;
  const to = (page: number) => `/challenges${challengeSearch({ ...state, page })}`;
  const step =
    'inline-flex h-10 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100';
  return (
    <nav aria-label="Pages of challenges" className="mt-6 flex flex-wrap items-center justify-center gap-3">
      {state.page > 1 ? (
        <Link to={to(state.page - 1)} onClick={scrollToList} className={step}>
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Link>
      ) : null}
      <span className="text-sm text-slate-700">
        Page {number(state.page)} of {number(pages)}
      </span>
      {state.page < pages ? (
        <Link to={to(state.page + 1)} onClick={scrollToList} className={step}>
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
