import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import SlidersHorizontal from '~icons/lucide/sliders-horizontal';
import type { CurrentUser } from '../../../domain/accounts';
import {
  CHALLENGE_SORT_LABELS,
  CHALLENGE_SORTS,
  type ChallengeSort,
  defaultOrder,
} from '../../../domain/challenge-rules';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/native-select';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { useFilterActions } from './filter-actions';
import { FilterPanel } from './finder-filters';
import { AssumptionInputs } from './finder-inputs';
import { FinderResults } from './finder-results';
import { challengesQuery } from './queries';
import { SaveSearch } from './save-search';
import {
  activeFilterCount,
  type ChallengeState,
  challengeSearch,
  clearFilters,
  parseChallengeState,
} from './state';

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

type SetState = ReturnType<typeof useChallengeState>[1];

/** The sort and its order, the Filters button of a phone, and Clear all filters. */
function SortBar({
  state,
  setState,
  panelId,
  filtersOpen,
  onToggleFilters,
  onClearFilters,
  user,
}: {
  state: ChallengeState;
  setState: SetState;
  user: CurrentUser | null | undefined;
  panelId: string;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  onClearFilters: () => void;
}) {
  const filters = activeFilterCount(state);
  const order = state.order ?? defaultOrder(state.sort);
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        className="lg:hidden"
        aria-expanded={filtersOpen}
        aria-controls={panelId}
        onClick={onToggleFilters}
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
        >
          {order === 'asc' ? 'Low to high' : 'High to low'}
          {/* The name starts with the visible text (WCAG 2.5.3), which is the current order. */}
          <span className="sr-only"> (current order, select to reverse)</span>
        </Button>
      </div>
      {filters > 0 && (
        <Button variant="ghost" size="sm" onClick={onClearFilters}>
          Clear all filters
        </Button>
      )}
      <div className="ml-auto">
        <SaveSearch state={state} user={user} />
      </div>
    </div>
  );
}

/** The /challenges finder: filters, sort, the trader's two inputs, the list and its pages, all in the address. */
export function ChallengeFinder({ user }: { user: CurrentUser | null | undefined }) {
  const [state, setState] = useChallengeState();
  const list = useChallengeList(state);
  const actions = useFilterActions(setState);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const clearAll = () => actions.applyFilter(clearFilters);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <AssumptionInputs state={state} setState={setState} />
      <SortBar
        state={state}
        setState={setState}
        panelId={panelId}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        onClearFilters={clearAll}
        user={user}
      />
      <div className="mt-4 grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <FilterPanel id={panelId} open={filtersOpen} state={state} actions={actions} />
        <FinderResults state={state} list={list} onClearFilters={clearAll} />
      </div>
    </div>
  );
}
