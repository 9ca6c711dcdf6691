import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FirmOptions } from '../../../domain/admin-firms';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { firmOptionsQuery } from './queries';

type Option = FirmOptions['platforms'][number];

/** Check the firm's platforms (or payout methods), and add a missing one without leaving the form. */
export function ResourcePicker({
  kind,
  label,
  options,
  selected,
  onChange,
}: {
  kind: 'platforms' | 'payout-methods';
  label: string;
  options: Option[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [logo, setLogo] = useState('');
  const [error, setError] = useState('');
  const create = useMutation({
    mutationFn: () =>
      apiJson<Option>('POST', `/api/admin/${kind}`, { name: name.trim(), logo: logo.trim() || null }),
    onSuccess: async (created) => {
      setName('');
      setLogo('');
      setError('');
      await queryClient.invalidateQueries({ queryKey: firmOptionsQuery().queryKey });
      onChange([...selected, created.id]);
      toast({ title: `${created.name} added`, variant: 'success' });
    },
    onError: (e) => setError(serverMessage(e).replace(/^(Invalid input: )?\w+: /, '')),
  });
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      {options.length === 0 ? <p className="text-sm text-slate-600">None yet.</p> : null}
      <OptionChecks options={options} selected={selected} onChange={onChange} />
      <div className="grid gap-2 rounded-md bg-slate-50 p-2">
        <label htmlFor={`${id}-name`} className="text-xs font-medium text-slate-700">
          Add a new one
        </label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-name`}
            placeholder="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="min-w-0 flex-1 basis-32"
            aria-invalid={error ? true : undefined}
          />
          <Input
            aria-label="Logo URL of the new one"
            placeholder="Logo URL (optional)"
            value={logo}
            onChange={(e) => setLogo(e.target.value)}
            className="min-w-0 flex-1 basis-40"
          />
          <Button
            variant="outline"
            size="md"
            disabled={!name.trim() || create.isPending}
            onClick={() => create.mutate()}
          >
            Add
          </Button>
        </div>
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </div>
    </fieldset>
  );
}

/** The site's platforms or payout methods as checkboxes (the editor's picker and a firm's proposal). */
export function OptionChecks({
  options,
  selected,
  onChange,
}: {
  options: readonly { id: number; name: string }[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <div className="grid max-h-56 grid-cols-2 gap-x-3 overflow-y-auto rounded-md border border-slate-200 p-2">
      {options.map((option) => (
        <label key={option.id} className="flex min-h-9 items-center gap-2 text-sm">
          <Checkbox
            className="size-4 accent-brand-600"
            checked={selected.includes(option.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...selected, option.id] : selected.filter((s) => s !== option.id))
            }
          />
          <span className="min-w-0 break-words">{option.name}</span>
        </label>
      ))}
    </div>
  );
}
