import type { ChangeRequestStatus, OwnChangeRequest } from '../../../domain/change-requests';
import { formatDate } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { FieldChangesTable } from './field-changes-table';

const STATUS = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
} as const satisfies Record<ChangeRequestStatus, { label: string; variant: string }>;

export function StatusBadge({ status }: { status: ChangeRequestStatus }) {
  return <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>;
}

/** A link to a page elsewhere, given by someone outside the site: opened apart and never followed. */
export function SourceLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-all text-brand-700 underline"
    >
      {href}
    </a>
  );
}

/** When it was sent and decided, its note, its source and a rejection's reason. */
export function RequestFacts({ request }: { request: OwnChangeRequest }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)] [&_dd]:min-w-0 [&_dd]:break-words [&_dt]:text-slate-600">
      <dt>Sent</dt>
      <dd>
        <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
      </dd>
      {request.decidedAt ? (
        <>
          <dt>Decided</dt>
          <dd>
            <time dateTime={request.decidedAt}>{formatDate(request.decidedAt)}</time>
          </dd>
        </>
      ) : null}
      <dt>Note</dt>
      <dd className="whitespace-pre-line">{request.note}</dd>
      <dt>Source</dt>
      <dd>
        <SourceLink href={request.source} />
      </dd>
      {request.status === 'rejected' ? (
        <>
          <dt>Reason</dt>
          <dd className="font-medium text-red-800">{request.reason ?? 'None given'}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** "Your corrections": each request the firm sent, newest first, with what it changes. */
export function OwnChangeRequests({ requests }: { requests: readonly OwnChangeRequest[] }) {
  return (
    <section aria-labelledby="own-corrections" className="grid gap-3">
      <h2 id="own-corrections" className="text-lg font-semibold text-slate-900">
        Your corrections
      </h2>
      {requests.length === 0 ? (
        <p className="text-sm text-slate-600">You have not sent a correction yet.</p>
      ) : (
        <ul className="grid gap-4">
          {requests.map((request) => (
            <li
              key={request.id}
              className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                Correction #{request.id} <StatusBadge status={request.status} />
              </p>
              <RequestFacts request={request} />
              <FieldChangesTable label={`What correction #${request.id} changes`} changes={request.changes} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
