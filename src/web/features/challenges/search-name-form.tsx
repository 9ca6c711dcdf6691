import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/** A saved search's name, typed in: for a new search on /challenges and for a rename on /profile. */
export function SearchNameForm({
  label,
  labelShown = false,
  initial = '',
  placeholder,
  pending,
  onSave,
  onCancel,
}: {
  label: string;
  /** The label beside the field, or for screen readers only. */
  labelShown?: boolean;
  initial?: string;
  placeholder?: string;
  pending: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(name);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className={labelShown ? 'text-sm font-medium text-slate-700' : 'sr-only'}>
        {label}
      </label>
      <Input
        id={id}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={80}
        required
        placeholder={placeholder}
        className="h-9 w-56"
      />
      <Button type="submit" size="sm" disabled={pending || !name.trim()}>
        Save
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
