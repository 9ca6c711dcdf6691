import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isDeletedAccountEmail } from '../../../domain/account-deletion';
import {
  type AdminUser,
  type AdminUserDetail,
  SUSPENSION_DAYS,
  SUSPENSION_REASONS,
  type SuspensionPayload,
  SuspensionPayloadSchema,
  type SuspensionReason,
  USER_FILTERS,
} from '../../../domain/admin-users';
import { formatDate } from '../../../domain/format';
import { FilterButtons } from '../../components/filter-buttons';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { toast } from '../../components/ui/use-toast';
import { apiJson, getQueryFn, serverMessage } from '../../lib/api';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { DeleteUserDialog } from './delete-user-dialog';
import { fieldId } from './fields';
import { adminUsersQuery } from './queries';
import { ReasonFields } from './reason-fields';
import { useZodForm } from './use-zod-form';

const FILTER_LABELS: Record<(typeof USER_FILTERS)[number], string> = {
  all: 'All users',
  admins: 'Admins',
  suspended: 'Suspended',
};

/**
 * /admin/users: search users, see what each did, grant or revoke admin (never the last admin),
 * suspend a user or lift it.
 */
export function Users() {
  const [params, setParams] = useUrlSearchParams();
  const q = params.get('q') ?? '';
  const filter = USER_FILTERS.find((f) => f === params.get('filter')) ?? 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...adminUsersQuery({ q, filter, page }), placeholderData: keepPreviousData });
  const [text, setText] = useState(q);
  const go = (next: Record<string, string>) =>
    setParams(new URLSearchParams({ q, filter, ...next, page: next.page ?? '1' }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text });
  };
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <form onSubmit={search} className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="users-q">Email, name or username</Label>
          <Input id="users-q" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} />
        </div>
        <Button type="submit" size="sm" variant="outline">
          Search
        </Button>
        <FilterButtons
          label="Users to show"
          options={USER_FILTERS.map((f) => [f, FILTER_LABELS[f]])}
          value={filter}
          onChange={(f) => go({ filter: f })}
        />
      </form>
      {query.data ? (
        <p className="text-sm text-slate-600">{query.data.total.toLocaleString('en-US')} users</p>
      ) : null}
      <PagedList
        query={query}
        rows={(d) => d.users}
        loading="Loading users"
        empty="No users match."
        onPage={(p) => go({ page: String(p) })}
        card={(user) => <UserCard key={user.id} user={user} />}
      />
    </div>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const detail = useQuery({
    queryKey: [`/api/admin/users/${user.id}`],
    queryFn: getQueryFn<AdminUserDetail>({ on401: 'throw' }),
    enabled: open,
  });
  const [suspending, setSuspending] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
  const role = useMutation({
    mutationFn: (admin: boolean) => apiJson('PUT', `/api/admin/users/${user.id}/role`, { admin }),
    onSuccess: async (_d, admin) => {
      toast({ title: admin ? 'Admin granted' : 'Admin revoked', description: user.email });
      await refresh();
    },
    onError: (err) =>
      toast({ title: 'Role not changed', description: serverMessage(err), variant: 'destructive' }),
  });
  const lift = useMutation({
    mutationFn: () => apiJson('DELETE', `/api/admin/users/${user.id}/suspension`),
    onSuccess: async () => {
      toast({ title: 'Suspension lifted', description: user.email });
      await refresh();
    },
    onError: (err) =>
      toast({ title: 'Suspension not lifted', description: serverMessage(err), variant: 'destructive' }),
  });
  const deleted = isDeletedAccountEmail(user.email);
  return (
    <Card data-testid={`user-${user.id}`}>
      <CardContent className="grid gap-2 pt-6 text-sm text-slate-700 wrap-anywhere">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {user.username ?? user.name} ({user.email})
          {user.isAdmin ? <Badge variant="success">admin</Badge> : null}
          {user.emailVerified ? null : <Badge variant="outline">unverified</Badge>}
          {user.suspension ? <Badge variant="danger">suspended</Badge> : null}
          {deleted ? <Badge variant="outline">deleted</Badge> : null}
        </p>
        {user.suspension ? (
          <p className="text-red-800">
            Suspended {user.suspension.until ? `until ${formatDate(user.suspension.until)}` : 'until lifted'}:{' '}
            {user.suspension.reason}
          </p>
        ) : null}
        <p>
          Joined {formatDate(user.createdAt)} · {user.reviews} reviews · {user.entries} giveaway entries ·{' '}
          {user.claims} cashback claims · {user.points.toLocaleString('en-US')} points
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide activity' : 'Show activity'}
          </Button>
          {deleted ? null : (
            <Button
              size="sm"
              variant="outline"
              disabled={role.isPending}
              onClick={() => {
                const grant = !user.isAdmin;
                if (
                  window.confirm(
                    `${grant ? 'Make' : 'Stop'} ${user.email} ${grant ? 'an admin' : 'being an admin'}?`,
                  )
                ) {
                  role.mutate(grant);
                }
              }}
            >
              {user.isAdmin ? 'Revoke admin' : 'Make admin'}
            </Button>
          )}
          {user.suspension ? (
            <Button
              size="sm"
              variant="outline"
              disabled={lift.isPending}
              onClick={() => {
                if (window.confirm(`Lift the suspension of ${user.email}?`)) lift.mutate();
              }}
            >
              Lift suspension
            </Button>
          ) : user.isAdmin || deleted ? null : (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setSuspending((o) => !o)}
              aria-expanded={suspending}
            >
              Suspend
            </Button>
          )}
          {user.isAdmin || deleted ? null : <DeleteUserDialog user={user} onDeleted={refresh} />}
        </div>
        {suspending && !user.suspension ? (
          <SuspendForm
            user={user}
            onDone={async () => {
              setSuspending(false);
              await refresh();
            }}
          />
        ) : null}
        {open && detail.data ? (
          <div className="grid gap-3 rounded-lg bg-slate-50 p-3">
            <Activity
              title="Reviews"
              rows={detail.data.reviews.map(
                (r) => `${r.firmName}: ${r.title} (${r.status}, ${formatDate(r.createdAt)})`,
              )}
            />
            <Activity
              title="Giveaway entries"
              rows={detail.data.entries.map(
                (e) => `${e.giveawayTitle}: ticket #${e.ticketNumber} (${formatDate(e.createdAt)})`,
              )}
            />
            <Activity
              title="Cashback claims"
              rows={detail.data.claims.map(
                (c) => `${c.firmName ?? 'A firm'}: ${c.status} (${formatDate(c.createdAt)})`,
              )}
            />
            <Activity
              title="Latest points"
              rows={detail.data.points.map(
                (p) => `${p.delta > 0 ? '+' : ''}${p.delta} ${p.reason} (${formatDate(p.createdAt)})`,
              )}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

type Suspension = { reason: SuspensionReason | ''; note: string; days: string };

/** The reason (fixed list, a note required for Other) and how long; the user's sessions end at once. */
function SuspendForm({ user, onDone }: { user: AdminUser; onDone: () => Promise<void> }) {
  const form = useZodForm({
    schema: SuspensionPayloadSchema,
    initial: (): Suspension => ({ reason: '', note: '', days: '7' }),
    toPayload: (s: Suspension) => ({
      reason: s.reason,
      ...(s.note.trim() ? { note: s.note.trim() } : {}),
      days: s.days === 'lifted' ? null : Number(s.days),
    }),
    prefix: `suspend-${user.id}`,
  });
  const suspend = useMutation({
    mutationFn: (payload: SuspensionPayload) =>
      apiJson('PUT', `/api/admin/users/${user.id}/suspension`, payload),
    onSuccess: async () => {
      toast({ title: 'User suspended', description: `${user.email} is signed out everywhere.` });
      await onDone();
    },
    onError: (err) => form.showServerError(err, { title: 'User not suspended' }),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((payload) => suspend.mutate(payload))}
      className="flex flex-wrap items-end gap-2 rounded-lg bg-red-50 p-3"
      aria-label={`Suspend ${user.email}`}
    >
      <ReasonFields
        form={form}
        reasons={SUSPENSION_REASONS}
        noteLabel="Note the user sees"
        noteClassName="grow"
      />
      <div>
        <Label htmlFor={fieldId(form.path('days'))}>For</Label>
        <NativeSelect
          id={fieldId(form.path('days'))}
          className="mt-1 block h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          value={form.values.days}
          onChange={(e) => form.set({ days: e.target.value })}
        >
          {SUSPENSION_DAYS.map((d) => (
            <option key={d ?? 'lifted'} value={d ?? 'lifted'}>
              {d === null ? 'Until lifted' : d === 1 ? '1 day' : `${d} days`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button
        type="submit"
        size="sm"
        variant="destructive"
        disabled={suspend.isPending || !form.values.reason}
      >
        {suspend.isPending ? 'Suspending...' : 'Suspend user'}
      </Button>
    </form>
  );
}

function Activity({ title, rows }: { title: string; rows: string[] }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {rows.length ? (
        <ul className="list-disc pl-5">
          {rows.map((row, i) => (
            <li key={i}>{row}</li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">None.</p>
      )}
    </div>
  );
}
