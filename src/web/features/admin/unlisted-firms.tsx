import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AdminUnlistedFirm,
  type UnlistedFirmInput,
  UnlistedFirmInputSchema,
} from '../../../domain/admin-firms';
import { unlistedStatusLabel } from '../../../domain/firm-rules';
import { type Column, DataTable } from '../../components/data-table';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, apiRequest } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { NumberField, SelectField, TextAreaField, TextField } from './fields';
import { adminUnlistedFirmsQuery } from './queries';
import { useZodForm } from './use-zod-form';

const STATUS_OPTIONS = (['listing_pending', 'not_yet_listed', 'not_qualified'] as const).map((value) => ({
  value,
  label: unlistedStatusLabel(value),
}));

const blank = (): UnlistedFirmInput => ({
  name: '',
  logo: null,
  assetClass: null,
  description: null,
  link: null,
  status: 'not_yet_listed',
  sortOrder: 0,
});

function UnlistedForm({ initial, onDone }: { initial: AdminUnlistedFirm | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { values, set, errors, path, handleSubmit, showServerError } = useZodForm({
    schema: UnlistedFirmInputSchema,
    initial: (): UnlistedFirmInput =>
      initial
        ? (({ id: _id, version: _version, ...fields }) => ({
            ...fields,
            status: fields.status as UnlistedFirmInput['status'],
          }))(initial)
        : blank(),
    prefix: initial ? `unlisted-${initial.id}` : 'unlisted-new',
  });
  const save = useMutation({
    mutationFn: () => {
      // A save names the version the form was loaded from: a newer one on the server is a 409.
      return initial
        ? apiJson('PUT', `/api/admin/unlisted-firms/${initial.id}`, { ...values, version: initial.version })
        : apiJson('POST', '/api/admin/unlisted-firms', values);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).includes('unlisted-firms'),
      });
      toast({ title: 'Saved', description: `${values.name} is up to date.`, variant: 'success' });
      onDone();
    },
    onError: (error) => showServerError(error),
  });
  return (
    <form noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={handleSubmit(() => save.mutate())}>
      <TextField
        path={path('name')}
        label="Name"
        errors={errors}
        value={values.name}
        onChange={(v) => set({ name: v ?? '' })}
      />
      <SelectField
        path={path('status')}
        label="Status"
        errors={errors}
        value={values.status}
        options={STATUS_OPTIONS}
        onChange={(v) => set({ status: v })}
      />
      <TextField
        path={path('assetClass')}
        label="Asset class"
        errors={errors}
        value={values.assetClass}
        onChange={(v) => set({ assetClass: v })}
      />
      <NumberField
        path={path('sortOrder')}
        label="Sort order"
        step="1"
        hint="Lower comes first, after pending firms."
        errors={errors}
        value={values.sortOrder}
        onChange={(v) => set({ sortOrder: v ?? 0 })}
      />
      <TextField
        path={path('link')}
        label="Link"
        type="url"
        errors={errors}
        value={values.link}
        onChange={(v) => set({ link: v })}
      />
      <TextField
        path={path('logo')}
        label="Logo URL"
        errors={errors}
        value={values.logo}
        onChange={(v) => set({ logo: v })}
      />
      <TextAreaField
        path={path('description')}
        label="Description"
        className="sm:col-span-2"
        rows={2}
        errors={errors}
        value={values.description}
        onChange={(v) => set({ description: v })}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The 'Firms Not Yet Listed' list of /firms: status, sort order and text of each entry. */
export function UnlistedFirmsEditor() {
  const queryClient = useQueryClient();
  const { data } = useQuery(adminUnlistedFirmsQuery());
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (firm: AdminUnlistedFirm) =>
      apiRequest('DELETE', `/api/admin/unlisted-firms/${firm.id}?version=${firm.version}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).includes('unlisted-firms'),
      });
      toast({ title: 'Removed from the list', variant: 'success' });
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  const columns: Column<AdminUnlistedFirm>[] = [
    {
      header: 'Firm',
      cell: (firm) => (
        <>
          <p className="font-medium break-words">{firm.name}</p>
          <p className="text-xs text-slate-500">
            {unlistedStatusLabel(firm.status)} · order {firm.sortOrder}
          </p>
        </>
      ),
    },
    {
      header: 'Actions',
      quietHeader: true,
      align: 'end',
      cell: (firm) => (
        <span className="flex gap-2 sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => setEditing(firm.id)}>
            Edit<span className="sr-only"> {firm.name}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              if (window.confirm(`Remove ${firm.name} from the list?`)) remove.mutate(firm);
            }}
          >
            Remove<span className="sr-only"> {firm.name}</span>
          </Button>
        </span>
      ),
    },
  ];
  return (
    <section id="not-yet-listed" aria-labelledby="unlisted-heading" className="mt-10 scroll-mt-24">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="unlisted-heading" className="text-lg font-semibold text-slate-900">
          Firms Not Yet Listed
        </h2>
        <Button variant="outline" size="sm" onClick={() => setEditing('new')}>
          Add an entry
        </Button>
      </div>
      {editing === 'new' ? (
        <Card className="mb-3 p-4">
          <UnlistedForm initial={null} onDone={() => setEditing(null)} />
        </Card>
      ) : null}
      <DataTable
        label="Firms not yet listed"
        columns={columns}
        rows={data ?? []}
        rowKey={(firm) => firm.id}
        replaceRow={(firm) =>
          editing === firm.id ? <UnlistedForm initial={firm} onDone={() => setEditing(null)} /> : null
        }
      />
    </section>
  );
}
