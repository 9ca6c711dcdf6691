import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  type AdminFirmClaim,
  type AdminFirmRepresentative,
  RejectFirmClaimSchema,
} from '../../../domain/firm-claims';
import { countOf, formatDate } from '../../../domain/format';
import { ReasonDialog } from '../../components/reason-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { adminFirmClaimsQuery } from './queries';

/** After a decision: the lists again, and every answer that shows whether a firm is claimed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
}

/** A decision that needs a reason the person reads (rejecting a claim, removing a representative). */
function DecisionDialog({
  done,
  ...props
}: {
  trigger: string;
  title: string;
  description: string;
  submitLabel: string;
  request: (reason: string) => Promise<unknown>;
  done: string;
}) {
  const refresh = useRefresh();
  return (
    <ReasonDialog
      {...props}
      reasonLabel="Reason (they are emailed it; kept in the audit log)"
      schema={RejectFirmClaimSchema}
      onDone={async () => {
        toast({ title: done, variant: 'success' });
        await refresh();
      }}
    />
  );
}

function RemoveRepresentative({ rep }: { rep: AdminFirmRepresentative }) {
  return (
    <DecisionDialog
      trigger="Remove"
      title={`Remove ${rep.user.email} from ${rep.firm.name}?`}
      description="They stop representing the firm at once; the firm stays claimed while it has another representative."
      submitLabel="Remove representative"
      request={(reason) => apiJson('DELETE', `/api/admin/firm-representatives/${rep.id}`, { reason })}
      done={`${rep.user.email} no longer represents ${rep.firm.name}`}
    />
  );
}

function ClaimCard({
  claim,
  representatives,
}: {
  claim: AdminFirmClaim;
  representatives: AdminFirmRepresentative[];
}) {
  const refresh = useRefresh();
  const approve = useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/firm-claims/${claim.id}/approve`),
    onSuccess: async () => {
      toast({
        title: 'Claim approved',
        description: `${claim.claimant.email} now represents ${claim.firm.name}.`,
      });
      await refresh();
    },
    onError: (err) =>
      toast({ title: 'Not approved', description: serverMessage(err), variant: 'destructive' }),
  });
  const { claimant } = claim;
  const current = representatives.filter((r) => r.firm.id === claim.firm.id);
  return (
    <li className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          <Link to={`/firm/${claim.firm.slug}`} className="hover:text-brand-700 hover:underline">
            {claim.firm.name}
          </Link>
        </h3>
        <span className="text-slate-600">Claim #{claim.id}</span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)] [&_dd]:break-words [&_dt]:text-slate-600">
        <dt>Work email</dt>
        <dd className="font-medium text-slate-900">{claim.workEmail}</dd>
        <dt>Firm website</dt>
        <dd>{claim.firm.website ?? 'None'}</dd>
        <dt>Job title</dt>
        <dd>{claim.jobTitle}</dd>
        <dt>Note</dt>
        <dd className="whitespace-pre-line">{claim.note}</dd>
        <dt>Account</dt>
        <dd>
          {claimant.email}
          {claimant.username ? ` (${claimant.username})` : ''}, {countOf(claimant.accountAgeDays, 'day')} old
          (since {formatDate(claimant.accountCreatedAt)})
        </dd>
        <dt>History</dt>
        <dd>
          {countOf(claimant.reviewCount, 'review')}, {countOf(claimant.payoutReportCount, 'payout report')}
        </dd>
        <dt>Confirmed</dt>
        <dd>{claim.confirmedAt ? formatDate(claim.confirmedAt) : 'Not yet'}</dd>
        <dt>Representatives now</dt>
        <dd>{current.length ? current.map((r) => r.user.email).join(', ') : 'None'}</dd>
      </dl>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button
          size="sm"
          onClick={() => approve.mutate()}
          disabled={approve.isPending}
          aria-busy={approve.isPending}
        >
          Approve
        </Button>
        <DecisionDialog
          trigger="Reject"
          title={`Reject the claim of ${claimant.email} to ${claim.firm.name}?`}
          description="The claimant is emailed the reason and sees it on the firm's page."
          submitLabel="Reject claim"
          request={(reason) => apiJson('POST', `/api/admin/firm-claims/${claim.id}/reject`, { reason })}
          done="Claim rejected"
        />
      </div>
    </li>
  );
}

/** /admin/firm-claims: confirmed claims to approve or reject, then every firm's current representatives. */
export function FirmClaimsAdmin() {
  const query = useQuery(adminFirmClaimsQuery());
  if (query.isPending) return <p className="text-slate-600">Loading claims...</p>;
  if (query.isError) return <p role="alert">The claims could not be loaded: {serverMessage(query.error)}</p>;
  const { claims, waiting, representatives } = query.data;
  return (
    <div className="grid min-w-0 gap-8">
      <section aria-labelledby="claims-heading" className="grid gap-3">
        <h2 id="claims-heading" className="text-lg font-semibold text-slate-900">
          Waiting claims ({waiting})
        </h2>
        {claims.length === 0 ? (
          <p className="text-slate-600">No confirmed claim waits for a decision.</p>
        ) : (
          <ul className="grid gap-4">
            {claims.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} representatives={representatives} />
            ))}
          </ul>
        )}
        {waiting > claims.length ? (
          <p className="text-slate-600">The oldest {claims.length} are shown; decide them to see the next.</p>
        ) : null}
      </section>
      <section aria-labelledby="reps-heading" className="grid gap-3">
        <h2 id="reps-heading" className="text-lg font-semibold text-slate-900">
          Representatives ({representatives.length})
        </h2>
        {representatives.length === 0 ? (
          <p className="text-slate-600">No firm has a representative yet.</p>
        ) : (
          <ul className="grid divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm shadow-sm">
            {representatives.map((rep) => (
              <li key={rep.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    {rep.firm.name}: {rep.user.email}
                  </p>
                  <p className="break-words text-slate-600">
                    {[rep.jobTitle, rep.workEmail, `since ${formatDate(rep.createdAt)}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <RemoveRepresentative rep={rep} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
