import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  CHALLENGE_ASSET_LABELS,
  CHALLENGE_ASSETS,
  type ChallengeBooleanFilter,
  COMMON_SIZES,
  DRAWDOWN_TYPE_LABELS,
  DRAWDOWN_TYPES,
  STEP_VALUES,
  stepsLabel,
} from '../../../domain/challenge-rules';
import { formatFunding } from '../../../domain/format';
import { PAYOUT_TIER_LABELS, type PayoutRecordFilter } from '../../../domain/payout-rules';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { sendActivity } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { challengeFiltersQuery, challengesQuery } from './queries';
import type { ChallengeState, NumberFilter } from './state';

const CONTEXT = 'challenges';
const TYPING_PAUSE_MS = 400;

const FLAG_LABELS: Record<ChallengeBooleanFilter, string> = {
  news: 'News trading allowed',
  weekend: 'Weekend holding',
  ea: 'EAs allowed',
  noTimeLimit: 'No time limit',
  refundable: 'Refundable fee',
  hasCoupon: 'Has a coupon',
};

const SELECT = 'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm';

const toggle = <T,>(values: T[], value: T) =>
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

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
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

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{label}</legend>
      {children}
    </fieldset>
  );
}

/** A group of chips, each a value of one list filter of the state. */
function ChipGroup<K extends 'size' | 'steps' | 'asset' | 'drawdownType'>({
  label,
  name,
  values,
  text,
  state,
  actions,
  children,
}: {
  label: string;
  name: K;
  values: readonly ChallengeState[K][number][];
  text: (value: ChallengeState[K][number]) => string;
  state: ChallengeState;
  actions: FilterActions;
  children?: ReactNode;
}) {
  const chosen = state[name] as ChallengeState[K][number][];
  return (
    <Group label={label}>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <Chip
            key={String(value)}
            active={chosen.includes(value)}
            onClick={() => actions.toggleIn(name, value)}
          >
            {text(value)}
          </Chip>
        ))}
      </div>
      {children}
    </Group>
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

const RULE_BOXES: readonly { name: NumberFilter; label: string; max: number }[] = [
  { name: 'dailyDrawdownMin', label: 'Min daily drawdown (%)', max: 100 },
  { name: 'maxDrawdownMin', label: 'Min max drawdown (%)', max: 100 },
  { name: 'targetMax', label: 'Max phase-1 target (%)', max: 100 },
  { name: 'profitSplitMin', label: 'Min profit split (%)', max: 100 },
  { name: 'priceMax', label: 'Max price after coupon ($)', max: 10_000_000 },
];

function PlaceFilters({ state, actions }: { state: ChallengeState; actions: FilterActions }) {
  const choices = useQuery(challengeFiltersQuery()).data;
  const platform = state.platform[0];
  return (
    <Group label="Platform and country">
      <div className="grid gap-2">
        <label htmlFor="challenge-platform" className="text-sm text-slate-700">
          Platform
        </label>
        <NativeSelect
          id="challenge-platform"
          value={platform ?? ''}
          onChange={(e) =>
            actions.applyFilter(
              { platform: e.target.value ? [e.target.value] : [] },
              e.target.value ? { type: 'platform', value: e.target.value } : undefined,
            )
          }
          className={SELECT}
        >
          <option value="">Any platform</option>
          {(choices?.platforms ?? []).map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name}
            </option>
          ))}
          {platform && !choices?.platforms.some((p) => p.slug === platform) ? (
            <option value={platform}>{platform}</option>
          ) : null}
        </NativeSelect>
        <label htmlFor="challenge-country" className="text-sm text-slate-700">
          Your country
        </label>
        <NativeSelect
          id="challenge-country"
          value={state.country}
          onChange={(e) =>
            actions.applyFilter(
              { country: e.target.value },
              e.target.value ? { type: 'country', value: e.target.value } : undefined,
            )
          }
          className={SELECT}
        >
          <option value="">Any country</option>
          {(choices?.countries ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          {state.country && !choices?.countries.includes(state.country) ? (
            <option value={state.country}>{state.country}</option>
          ) : null}
        </NativeSelect>
      </div>
    </Group>
  );
}

/** The firm's payout record from verified reports: any, at least Medium, or High. */
function PayoutRecordFilterField({ state, actions }: { state: ChallengeState; actions: FilterActions }) {
  return (
    <Group label="Payout record">
      <label htmlFor="challenge-payout-record" className="sr-only">
        Payout record at least
      </label>
      <NativeSelect
        id="challenge-payout-record"
        value={state.payoutRecord ?? ''}
        onChange={(e) => {
          const value = (e.target.value || null) as PayoutRecordFilter | null;
          actions.applyFilter({ payoutRecord: value }, value ? { type: 'payoutRecord', value } : undefined);
        }}
        className={cn(SELECT, 'w-full')}
      >
        <option value="">Any</option>
        <option value="medium">At least {PAYOUT_TIER_LABELS.medium}</option>
        <option value="high">{PAYOUT_TIER_LABELS.high}</option>
      </NativeSelect>
      <p className="mt-1 text-xs text-slate-600">From payouts traders reported and we verified.</p>
    </Group>
  );
}

/** The filters panel: a column beside the list on a laptop, opened by the Filters button below it. */
export function FilterPanel({
  id,
  open,
  state,
  actions,
}: {
  id: string;
  open: boolean;
  state: ChallengeState;
  actions: FilterActions;
}) {
  return (
    <section
      id={id}
      aria-label="Filters"
      className={cn(
        'flex-col gap-5 self-start rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:flex',
        open ? 'flex' : 'hidden',
      )}
    >
      <ChipGroup
        label="Account size"
        name="size"
        values={COMMON_SIZES}
        text={formatFunding}
        state={state}
        actions={actions}
      >
        <div className="mt-3 grid grid-cols-2 gap-2">
          <NumberBox
            label="Min size ($)"
            value={state.sizeMin}
            min={0}
            max={100_000_000}
            step={1000}
            onCommit={actions.setNumber('sizeMin')}
          />
          <NumberBox
            label="Max size ($)"
            value={state.sizeMax}
            min={0}
            max={100_000_000}
            step={1000}
            onCommit={actions.setNumber('sizeMax')}
          />
        </div>
      </ChipGroup>
      <ChipGroup
        label="Steps"
        name="steps"
        values={STEP_VALUES}
        text={stepsLabel}
        state={state}
        actions={actions}
      />
      <ChipGroup
        label="Asset class"
        name="asset"
        values={CHALLENGE_ASSETS}
        text={(asset) => CHALLENGE_ASSET_LABELS[asset]}
        state={state}
        actions={actions}
      />
      <ChipGroup
        label="Drawdown type"
        name="drawdownType"
        values={DRAWDOWN_TYPES}
        text={(type) => DRAWDOWN_TYPE_LABELS[type]}
        state={state}
        actions={actions}
      />
      <Group label="Rules">
        <div className="grid grid-cols-2 gap-2">
          {RULE_BOXES.map((box) => (
            <NumberBox
              key={box.name}
              label={box.label}
              value={state[box.name]}
              min={0}
              max={box.max}
              onCommit={actions.setNumber(box.name)}
            />
          ))}
        </div>
      </Group>
      <PlaceFilters state={state} actions={actions} />
      <PayoutRecordFilterField state={state} actions={actions} />
      <Group label="Must have">
        <div className="grid gap-2">
          {(Object.keys(FLAG_LABELS) as ChallengeBooleanFilter[]).map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox
                className="size-4 accent-brand-600"
                checked={state.flags[flag] === true}
                onChange={(e) => actions.setFlag(flag, e.target.checked)}
              />
              {FLAG_LABELS[flag]}
            </label>
          ))}
        </div>
      </Group>
    </section>
  );
}
