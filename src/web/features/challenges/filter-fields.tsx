import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PAYOUT_TIER_LABELS, type PayoutRecordFilter } from '../../../domain/payout-rules';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { cn } from '../../lib/cn';
import type { FilterActions } from './filter-actions';
import { challengeFiltersQuery } from './queries';
import type { ChallengeState } from './state';

const TYPING_PAUSE_MS = 400;

const SELECT = 'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm';

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

export function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{label}</legend>
      {children}
    </fieldset>
  );
}

/** A group of chips, each a value of one list filter of the state. */
export function ChipGroup<K extends 'size' | 'steps' | 'asset' | 'drawdownType'>({
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
export function NumberBox({
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

export function PlaceFilters({ state, actions }: { state: ChallengeState; actions: FilterActions }) {
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
export function PayoutRecordFilterField({
  state,
  actions,
}: {
  state: ChallengeState;
  actions: FilterActions;
}) {
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
