import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { MONTHS_PER_ATTEMPT_MAX } from '../../../domain/challenge-rules';
import { Input } from '../../components/ui/input';
import type { ChallengeState } from './state';

type SetState = (
  change: (current: ChallengeState) => ChallengeState,
  options?: { replace?: boolean },
) => ChallengeState;

/** The trader's pass rate and months per attempt: they change the costs, not the list's filters. */
export function AssumptionInputs({ state, setState }: { state: ChallengeState; setState: SetState }) {
  return (
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
        True cost is what getting funded costs on average: every attempt you expect to need at your pass rate,
        resets, activation fees, refunds and cashback counted.{' '}
        <Link to="/methodology#true-cost" className="font-medium text-brand-700 underline">
          How we compute true cost
        </Link>
      </p>
    </section>
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
