import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_ENTITIES, type AuditEntry } from '../../../domain/admin';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { useListParams } from './list-params';
import { adminAuditQuery } from './queries';

const ENTITY_LABELS: Record<string, string> = {
  firm: 'Firms',
  unlisted_firm: 'Not-yet-listed firms',
  platform: 'Platforms',
  payout_method: 'Payout methods',
  coupon: 'Coupons',
  post: 'Posts',
  update: 'Quick updates',
  giveaway: 'Giveaways',
  user: 'Users',
  contact_message: 'Contact messages',
  review: 'Reviews',
  subscriber: 'Newsletter subscribers',
};

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const show = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** The top-level fields an entry changed, before and after. */
export function changedFields(
  entry: Pick<AuditEntry, 'before' | 'after'>,
): { field: string; before: string; after: string }[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !['version', 'updatedAt', 'createdAt'].includes(key),
  );
  return keys
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}

function Entry({ entry }: { entry: AuditEntry }) {
  const changes = entry.action === 'update' ? changedFields(entry) : [];
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Badge
          variant={entry.action === 'delete' ? 'danger' : entry.action === 'create' ? 'success' : 'secondary'}
        >
          {entry.action}
        </Badge>
        <span className="font-medium text-slate-900">
          {entry.entity.replace('_', ' ')} #{entry.entityId}
        </span>
        {entry.summary ? <span className="min-w-0 break-words text-slate-700">{entry.summary}</span> : null}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={entry.createdAt}>{DATE_TIME.format(new Date(entry.createdAt))} UTC</time> by{' '}
        {entry.actorEmail ?? 'a deleted account'}
      </p>
      {changes.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-brand-700">
            {changes.length} {changes.length === 1 ? 'field' : 'fields'} changed
          </summary>
          <dl className="mt-2 grid gap-2">
            {changes.map((c) => (
              <div key={c.field} className="rounded-md bg-slate-50 p-2">
                <dt className="font-mono text-xs text-slate-600">{c.field}</dt>
                <dd className="mt-1 grid gap-1 break-all sm:grid-cols-2">
                  <span className="text-red-800">
                    <span className="sr-only">Before: </span>
                    {c.before.slice(0, 500)}
                  </span>
                  <span className="text-green-800">
                    <span className="sr-only">After: </span>
                    {c.after.slice(0, 500)}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

export function AuditLog() {
  const { params, page, update, setPage } = useListParams({ replace: false });
  const entity = params.get('entity') ?? '';
  const entityId = params.get('entityId') ?? '';
  const query = useQuery({
    ...adminAuditQuery({ entity: entity || undefined, entityId: entityId || undefined, page }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-entity">Show</Label>
          <NativeSelect
            id="audit-entity"
            value={entity}
            onChange={(e) => update({ entity: e.target.value || null, entityId: null, page: null })}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {ENTITY_LABELS[e] ?? e}
              </option>
            ))}
          </NativeSelect>
        </div>
        {entityId ? (
          <p className="text-sm text-slate-600">
            Record #{entityId} only ·{' '}
            <button
              type="button"
              className="text-brand-700 underline"
              onClick={() => update({ entityId: null, page: null })}
            >
              show all
            </button>
          </p>
        ) : null}
      </div>
      <PagedList
        query={query}
        rows={(data) => data.entries}
        loading="Loading the audit log"
        empty="Nothing recorded yet."
        onPage={setPage}
      >
        {(entries) => (
          <Card>
            <ul className="divide-y divide-slate-100" aria-label="Audit log entries">
              {entries.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </ul>
          </Card>
        )}
      </PagedList>
    </>
  );
}
