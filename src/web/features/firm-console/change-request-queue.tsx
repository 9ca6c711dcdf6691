import {
  keepPreviousData,
  type MutationOptions,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  type AdminChangeRequest,
  CHANGE_REQUEST_STATUSES,
  type ChangeRequestStatus,
  RejectChangeRequestSchema,
} from '../../../domain/change-requests';
import { countOf } from '../../../domain/format';
import { FilterButtons } from '../../components/filter-buttons';
import { QueryFailure } from '../../components/query-failure';
import { ReasonDialog } from '../../components/reason-dialog';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { RequestFacts, StatusBadge } from './change-request-bits';
import { FieldChangesTable } from './field-changes-table';
import {
  adminChangeRequestsFilter,
  adminChangeRequestsQuery,
  approveChangeRequest,
  rejectChangeRequest,
} from './queries';

/** The queue's view in the address (`?status=approved`), pending by default; read by the page's loader too. */
export const readQueueStatus = (params: URLSearchParams): ChangeRequestStatus =>
  CHANGE_REQUEST_STATUSES.find((s) => s === params.get('status')) ?? 'pending';

const VIEWS = [
  ['pending', 'Pending'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
] as const satisfies readonly (readonly [ChangeRequestStatus, string])[];

/** After a decision: the queue, and every answer that shows the firm (its page, lists, the finder). */
const refreshAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => !String(q.queryKey[0]).startsWith('/api/auth/') });

/**
 * Approving, apart from React so a test runs it through TanStack Query: the firm's version the admin
 * looked at goes with it; a 409 (saved since, or decided meanwhile) loads the queue again and
 * leaves `notice` saying so, above the fresh "Saved since" table.
 */
export function approveSteps(
  queryClient: QueryClient,
  request: AdminChangeRequest,
  setNotice: (notice: string | null) => void,
): MutationOptions<AdminChangeRequest, unknown, void> {
  return {
    mutationFn: () => approveChangeRequest(request),
    onSuccess: async (decided) => {
      setNotice(null);
      toast({
        title: 'Correction applied',
        description: `${decided.firm.name} is up to date on the site.`,
        variant: 'success',
      });
      await refreshAll(queryClient);
    },
    onError: async (error) => {
      if (errorStatus(error) !== 409) {
        toast({ ...toastForError(error), description: serverMessage(error), variant: 'destructive' });
        return;
      }
      setNotice(
        `Not applied: ${serverMessage(error) || 'the firm changed.'} The request is loaded again: look at what was saved since, then decide.`,
      );
      await queryClient.invalidateQueries(adminChangeRequestsFilter);
    },
  };
}

function RuleChangesAndFollowers({ request }: { request: AdminChangeRequest }) {
  return (
    <div className="grid gap-1 text-sm">
      <h3 className="font-semibold text-slate-900">Rule changes</h3>
      {request.ruleChanges.length ? (
        <ul className="list-disc pl-5 text-slate-800">
          {request.ruleChanges.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No rule, price or account size change.</p>
      )}
      {request.status === 'pending' ? (
        <p className="text-slate-700">
          {countOf(request.followers, 'follower')} will be emailed
          {request.ruleChanges.length ? '' : ' (only when a rule changes)'}.
        </p>
      ) : null}
    </div>
  );
}

function RequestCard({ request }: { request: AdminChangeRequest }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const approve = useMutation(approveSteps(queryClient, request, setNotice));
  const { firm, requestedBy } = request;
  const pending = request.status === 'pending';
  return (
    <li className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          {firm.name} <StatusBadge status={request.status} />
        </h2>
        <span className="flex flex-wrap gap-3">
          <Link to={`/admin/firms/${firm.id}`} className="text-brand-700 underline">
            Edit firm
          </Link>
          <a href={`/firm/${encodeURIComponent(firm.slug)}`} className="text-brand-700 underline">
            Public page
          </a>
        </span>
      </div>
      <p className="text-slate-700">
        Correction #{request.id} from{' '}
        {requestedBy ? (
          <>
            <span className="font-medium text-slate-900">{requestedBy.name}</span> ({requestedBy.email})
          </>
        ) : (
          'a deleted account'
        )}
      </p>
      <RequestFacts request={request} />
      {notice ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {notice}
        </p>
      ) : null}
      {pending && request.changedSince.length ? (
        <Card
          tone="warning"
          className="grid gap-2 p-4"
          role="note"
          aria-label="Saved since this request was made"
        >
          <h3 className="font-semibold text-amber-900">Saved since this request was made</h3>
          <p className="text-amber-900">
            The firm was saved after the representative sent this. Approving applies the request over what is
            saved now; check these fields first.
          </p>
          <FieldChangesTable
            label={`Saved since correction #${request.id} was made`}
            changes={request.changedSince}
          />
        </Card>
      ) : null}
      <div className="grid gap-2">
        <h3 className="font-semibold text-slate-900">
          {pending ? 'Approving it changes' : 'What it changed'}
        </h3>
        <FieldChangesTable
          label={`What correction #${request.id} changes`}
          changes={pending ? request.diff : request.changes}
        />
      </div>
      <RuleChangesAndFollowers request={request} />
      {pending ? (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <Button
            size="sm"
            onClick={() => approve.mutate()}
            disabled={approve.isPending}
            aria-busy={approve.isPending}
          >
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
          <ReasonDialog
            trigger="Reject"
            triggerSize="sm"
            title={`Reject the correction of ${firm.name}?`}
            description="The firm's representatives read the reason in their console."
            reasonLabel="Reason (the firm reads it; kept in the audit log)"
            submitLabel="Reject correction"
            schema={RejectChangeRequestSchema}
            request={(reason) => rejectChangeRequest(request.id, reason)}
            onDone={async () => {
              toast({ title: 'Correction rejected', variant: 'success' });
              await queryClient.invalidateQueries(adminChangeRequestsFilter);
            }}
          />
        </div>
      ) : null}
    </li>
  );
}

/** /admin/change-requests: firms' corrections, one status at a time, with their dry run and decisions. */
export function ChangeRequestQueue() {
  const [params, setParams] = useUrlSearchParams();
  const status = readQueueStatus(params);
  const query = useQuery({ ...adminChangeRequestsQuery(status), placeholderData: keepPreviousData });
  const select = (next: ChangeRequestStatus) => {
    const search = new URLSearchParams(params);
    if (next === 'pending') search.delete('status');
    else search.set('status', next);
    setParams(search);
  };
  return (
    <div className="grid min-w-0 gap-4">
      <FilterButtons label="Corrections to show" options={VIEWS} value={status} onChange={select} />
      {query.isPending ? (
        <p className="text-slate-600">Loading corrections...</p>
      ) : query.isError ? (
        <QueryFailure error={query.error} retry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-slate-600">
          {status === 'pending' ? 'No correction waits for a decision.' : `No ${status} corrections.`}
        </p>
      ) : (
        <ul className="grid gap-4">
          {query.data.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
    </div>
  );
}
