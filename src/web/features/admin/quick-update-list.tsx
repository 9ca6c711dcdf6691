import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import {
  type AdminQuickUpdate,
  emptyQuickUpdate,
  type QuickUpdateInput,
  QuickUpdateInputSchema,
} from '../../../domain/admin-posts';
import { formatDate } from '../../../domain/format';
import type { Column } from '../../components/data-table';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { ConfirmDelete } from './confirm-delete';
import { CheckboxField, TextAreaField, TextField } from './fields';
import { useListParams } from './list-params';
import { ListSearch } from './list-search';
import { adminQuickUpdatesQuery } from './post-queries';
import { useZodForm } from './use-zod-form';

const refreshAll = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ predicate: (q) => !String(q.queryKey[0]).startsWith('/api/auth/') });

const conflictToast = () =>
  toast({ title: 'Conflict', description: CONFLICT_MESSAGE, variant: 'destructive' });

/** A quick update's title, text and visibility; creates one, or saves over `update`'s version. */
function QuickUpdateForm({ update, onDone }: { update: AdminQuickUpdate | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { values, setValues, set, errors, setErrors, path, handleSubmit, showServerError } = useZodForm({
    schema: QuickUpdateInputSchema,
    initial: (): QuickUpdateInput =>
      update
        ? { title: update.title, content: update.content, published: update.published }
        : emptyQuickUpdate(),
    prefix: update ? `update-${update.id}` : 'new-update',
  });
  const save = useMutation({
    mutationFn: (payload: QuickUpdateInput) =>
      update
        ? apiJson<AdminQuickUpdate>('PUT', `/api/admin/quick-updates/${update.id}`, {
            version: update.version,
            update: payload,
          })
        : apiJson<AdminQuickUpdate>('POST', '/api/admin/quick-updates', payload),
    onSuccess: async (saved) => {
      setErrors({});
      await refreshAll(queryClient);
      toast({
        title: 'Quick update saved',
        description: saved.published ? `${saved.title} is on /blog.` : `${saved.title} is hidden.`,
        variant: 'success',
      });
      if (!update) setValues(emptyQuickUpdate());
      onDone();
    },
    onError: (error) =>
      showServerError(error, {
        onConflict: () => {
          conflictToast();
          void refreshAll(queryClient);
          onDone();
        },
      }),
  });
  return (
    <form
      noValidate
      aria-label={update ? `Edit ${update.title}` : 'New quick update'}
      className="grid gap-4"
      onSubmit={handleSubmit((_payload, current) => save.mutate(current))}
    >
      <TextField
        path={path('title')}
        label="Title"
        required
        errors={errors}
        value={values.title}
        onChange={(v) => set({ title: v ?? '' })}
      />
      <TextAreaField
        path={path('content')}
        label="Text"
        hint="Plain text; /blog shortens it after 150 characters with a Read more toggle."
        rows={3}
        errors={errors}
        value={values.content}
        onChange={(v) => set({ content: v ?? '' })}
      />
      <CheckboxField
        path={path('published')}
        label="Published"
        errors={errors}
        checked={values.published}
        onChange={(v) => set({ published: v })}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : update ? 'Save changes' : 'Add quick update'}
        </Button>
        {update ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** A quick update's Published switch: one save of its visibility over its version. */
function PublishedSwitch({ update }: { update: AdminQuickUpdate }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (published: boolean) =>
      apiJson<AdminQuickUpdate>('PUT', `/api/admin/quick-updates/${update.id}`, {
        version: update.version,
        update: { title: update.title, content: update.content, published },
      }),
    onSuccess: async (saved) => {
      await refreshAll(queryClient);
      toast({
        title: saved.published ? 'Published' : 'Hidden',
        description: saved.published ? `${saved.title} is on /blog.` : `${saved.title} is off /blog.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      if (errorStatus(error) === 409) {
        conflictToast();
        return void refreshAll(queryClient);
      }
      toast({ ...toastForError(error), description: serverMessage(error), variant: 'destructive' });
    },
  });
  const switchId = `published-${update.id}`;
  return (
    <span className="flex items-center gap-2">
      <Switch
        id={switchId}
        checked={update.published}
        disabled={toggle.isPending}
        onCheckedChange={(checked) => toggle.mutate(checked)}
      />
      <Label htmlFor={switchId}>Published</Label>
    </span>
  );
}

/** The quick updates of /blog's Latest Updates: add one, and every one with search and paging. */
export function QuickUpdateList() {
  const { q, page, text, setText, setPage } = useListParams();
  const query = useQuery({
    ...adminQuickUpdatesQuery({ q: q || undefined, page }),
    placeholderData: keepPreviousData,
  });

  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const columns: Column<AdminQuickUpdate>[] = [
    {
      header: 'Quick update',
      cell: (update) => (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-slate-900">{update.title}</span>
            {update.published ? null : <Badge variant="neutral">Hidden</Badge>}
          </p>
          <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line break-words text-slate-700">
            {update.content}
          </p>
          <p className="mt-1 text-xs text-slate-500">{formatDate(update.createdAt)}</p>
        </>
      ),
    },
    { header: 'Published', quietHeader: true, cell: (update) => <PublishedSwitch update={update} /> },
    {
      header: 'Actions',
      quietHeader: true,
      align: 'end',
      cell: (update) => (
        <span className="flex flex-wrap items-center gap-2 sm:flex-nowrap sm:justify-end">
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(update.id)}>
            Edit
          </Button>
          <ConfirmDelete
            label="Delete"
            title={`Delete ${update.title}?`}
            description="The quick update disappears from /blog. This cannot be undone."
            url={`/api/admin/quick-updates/${update.id}?version=${update.version}`}
            onDeleted={() => void refreshAll(queryClient)}
          />
        </span>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 font-semibold text-slate-900">New quick update</h2>
        <QuickUpdateForm update={null} onDone={() => {}} />
      </Card>
      <section aria-label="Quick update list">
        <ListSearch
          id="update-search"
          placeholder="Title or text"
          text={text}
          setText={setText}
          className="mb-4 max-w-md"
        />
        <PagedList
          query={query}
          rows={(data) => data.updates}
          loading="Loading quick updates"
          empty={q ? `No quick updates match "${q}".` : 'No quick updates yet.'}
          onPage={setPage}
          table={{
            label: 'Quick updates',
            columns,
            rowKey: (u) => `${u.id}-${u.version}`,
            replaceRow: (u) =>
              editing === u.id ? <QuickUpdateForm update={u} onDone={() => setEditing(null)} /> : null,
          }}
        />
      </section>
    </div>
  );
}
