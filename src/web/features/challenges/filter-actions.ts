import { useQueryClient } from '@tanstack/react-query';
import type { ChallengeBooleanFilter } from '../../../domain/challenge-rules';
import { sendActivity } from '../../lib/analytics';
import { challengesQuery } from './queries';
import type { ChallengeState, NumberFilter } from './state';

const CONTEXT = 'challenges';

const toggle = <T>(values: T[], value: T) =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

/** A change to some filters: their new values, or a function of the state to change. */
export type FilterChange = Partial<ChallengeState> | ((current: ChallengeState) => Partial<ChallengeState>);
type SetState = (change: (current: ChallengeState) => ChallengeState) => ChallengeState;
type ListKey = 'size' | 'steps' | 'asset' | 'drawdownType' | 'platform';

/** The finder's filter changes: each opens page 1 as a new history entry and reports the filter used. */
export function useFilterActions(setState: SetState) {
  const queryClient = useQueryClient();
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
  const toggleIn = <K extends ListKey>(key: K, value: ChallengeState[K][number]) => {
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
  return { applyFilter, toggleIn, setNumber, setFlag };
}

export type FilterActions = ReturnType<typeof useFilterActions>;
