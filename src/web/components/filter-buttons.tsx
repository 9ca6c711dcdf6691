import type { ReactNode } from 'react';
import { Button } from './ui/button';

/** The views of a list, one pressed: a message status, a review queue, a kind of user. */
export function FilterButtons<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [V, ReactNode])[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map(([option, text]) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={option === value ? 'selected' : 'ghost'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}
