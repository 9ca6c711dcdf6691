import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate } from '../../../domain/format';
import { type AdminCashbackClaim, CLAIM_STATUSES, type ClaimStatus } from '../../../domain/points';
import { FilterButtons } from '../../components/filter-buttons';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { ClaimStatusBadge } from './cashback-claims';
import { adminClaimsQuery, useRefreshPoints } from './queries';

const STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The admin queue of cashback claims: one status at a time, each with its receipt and decision. */
export function AdminCashbackClaims() {
  const [status, setStatus] = useState<ClaimStatus>('pending');
  const { data: claims, isPending, isError } = useQuery(adminClaimsQuery(status));
  return (
    <div className="grid gap-4">
      <FilterButtons
        label="Claim status"
        options={CLAIM_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)}
        value={status}
        onChange={setStatus}
      />
      {isPending ? <p className="text-sm text-slate-600">Loading claims</p> : null}
      {isError ? <p className="text-sm text-red-700">The claims could not be loaded.</p> : null}
      {claims?.length === 0 ? <p className="text-sm text-slate-600">No {status} claims.</p> : null}
      {claims?.map((claim) => (
        <AdminClaimCard key={claim.id} claim={claim} />
      ))}
    </div>
  );
}

function AdminClaimCard({ claim }: { claim: AdminCashbackClaim }) {
  const id = useId();
  const refresh = useRefreshPoints();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'reject') =>
      apiJson(
        'POST',
        `/api/admin/cashback-claims/${claim.id}/${action}`,
        action === 'reject' ? { reason } : {},
      ),
    onSuccess: async (_data, action) => {
      toast({
        title: action === 'approve' ? 'Claim approved' : 'Claim rejected',
        description: `${claim.user.email}: order ${claim.orderReference}`,
      });
      await refresh();
    },
    onError: (err) =>
      toast({ title: 'Decision failed', description: serverMessage(err), variant: 'destructive' }),
  });
  return (
    <Card data-testid={`admin-claim-${claim.id}`}>
      <CardContent className="grid gap-4 pt-6 md:grid-cols-[1fr_16rem]">
        <div className="grid gap-1 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            {claim.firmName} · order {claim.orderReference} <ClaimStatusBadge status={claim.status} />
          </p>
          <p>
            {claim.user.username ?? 'No username'} ({claim.user.email})
          </p>
          <p>
            ${claim.amountSpent.toFixed(2)} on {claim.purchaseDate ? formatDate(claim.purchaseDate) : 'N/A'}{' '}
            at {claim.cashbackPercentage ?? 0}%: {claim.points.toLocaleString('en-US')} points
          </p>
          <p className="text-xs text-slate-500">Sent {formatDate(claim.createdAt)}</p>
          {claim.rejectionReason ? <p className="text-red-800">Reason: {claim.rejectionReason}</p> : null}
          {claim.status === 'pending' ? (
            <div className="mt-3 grid gap-3">
              <Button className="w-fit" onClick={() => decide.mutate('approve')} disabled={decide.isPending}>
                Approve {claim.points.toLocaleString('en-US')} points
              </Button>
              <form
                className="grid gap-2 sm:flex sm:items-end"
                onSubmit={(e) => {
                  e.preventDefault();
                  decide.mutate('reject');
                }}
              >
                <div className="grid flex-1 gap-1.5">
                  <Label htmlFor={`${id}-reason`}>Reason for rejecting (the trader sees it)</Label>
                  <Input
                    id={`${id}-reason`}
                    value={reason}
                    minLength={3}
                    maxLength={500}
                    required
                    onChange={(e) => setReason(e.target.value)}
                  />
                </div>
                <Button type="submit" variant="destructive" disabled={decide.isPending}>
                  Reject
                </Button>
              </form>
            </div>
          ) : null}
        </div>
        {claim.proofUrl ? (
          <a href={claim.proofUrl} target="_blank" rel="noreferrer" className="block">
            <img
              src={claim.proofUrl}
              alt={`Receipt for order ${claim.orderReference}`}
              className="max-h-64 w-full rounded border border-slate-200 object-contain"
              loading="lazy"
            />
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
