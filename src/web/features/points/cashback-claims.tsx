import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatDate } from '../../../domain/format';
import type { CashbackClaim } from '../../../domain/points';
import { cashbackPoints, POINTS_RULES } from '../../../domain/points-rules';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { cashbackFirmsQuery, ownClaimsQuery, useRefreshPoints } from './queries';

const today = () => new Date().toISOString().slice(0, 10);
const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500';

/** The claim form: firm, order reference, amount, purchase date and the receipt image. */
export function CashbackClaimForm({ emailVerified }: { emailVerified: boolean }) {
  const { data: firms = [] } = useQuery(cashbackFirmsQuery());
  const refresh = useRefreshPoints();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [firmId, setFirmId] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const firm = firms.find((f) => String(f.id) === firmId);
  const amountCents = Math.round(Number(amount) * 100);
  const estimate = firm && amountCents > 0 ? cashbackPoints(amountCents, firm.cashbackPercentage) : null;

  const submit = useMutation({
    mutationFn: (form: FormData) => apiJson<CashbackClaim>('POST', '/api/cashback-claims', form),
    onSuccess: async (claim) => {
      setError(null);
      formRef.current?.reset();
      setFirmId('');
      setAmount('');
      toast({
        title: 'Claim submitted',
        description: `Your claim for ${claim.firmName} is pending review.`,
      });
      await refresh();
    },
    onError: (err) => {
      const status = errorStatus(err);
      if (status === 400 || status === 409 || status === 413 || status === 415) setError(serverMessage(err));
      toast({ ...toastForError(err), variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // The text fields go before the file: the server reads them as the upload streams in.
    const form = new FormData();
    for (const name of ['propFirmId', 'orderReference', 'amountSpent', 'purchaseDate']) {
      form.append(name, String(data.get(name) ?? ''));
    }
    const file = data.get('receipt');
    if (file instanceof File && file.size > 0) form.append('receipt', file);
    submit.mutate(form);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">New claim</CardTitle>
        <CardDescription>
          Bought a challenge at a firm that pays cashback? Send the order and a screenshot of the receipt. You
          earn {POINTS_RULES.cashbackPointsPerDollarPerPercent} point per $1 spent for each percent of the
          firm's cashback; {POINTS_RULES.pointsPerUsd} points are worth $1.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!emailVerified ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
            Please verify your email address before sending a claim. Check your inbox for the verification
            email.
          </p>
        ) : null}
        <form
          ref={formRef}
          className="mt-4 grid gap-4 sm:grid-cols-2"
          onSubmit={onSubmit}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-firm`}>Firm</Label>
            <NativeSelect
              id={`${id}-firm`}
              name="propFirmId"
              required
              className={selectClass}
              value={firmId}
              onChange={(e) => setFirmId(e.target.value)}
            >
              <option value="">Choose a firm</option>
              {firms.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name} ({f.cashbackPercentage}% cashback)
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-order`}>Order reference</Label>
            <Input id={`${id}-order`} name="orderReference" required minLength={3} maxLength={100} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-amount`}>Amount spent (USD)</Label>
            <Input
              id={`${id}-amount`}
              name="amountSpent"
              inputMode="decimal"
              required
              pattern="\d{1,6}(\.\d{1,2})?"
              placeholder="149.99"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-date`}>Purchase date</Label>
            <Input id={`${id}-date`} name="purchaseDate" type="date" required max={today()} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-receipt`}>Receipt screenshot</Label>
            <Input
              id={`${id}-receipt`}
              name="receipt"
              type="file"
              accept="image/*"
              required
              aria-describedby={`${id}-receipt-hint`}
            />
            <p id={`${id}-receipt-hint`} className="text-xs text-slate-500">
              An image up to 5MB. Only you and our admins can see it.
            </p>
          </div>
          <p className="text-sm text-slate-700 sm:col-span-2" aria-live="polite">
            {estimate !== null ? (
              <>
                This claim would earn{' '}
                <strong data-testid="claim-estimate">{estimate.toLocaleString('en-US')}</strong> points once
                approved.
              </>
            ) : null}
          </p>
          {error ? (
            <p id={`${id}-error`} className="text-sm text-red-700 sm:col-span-2" role="alert">
              {error}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={!emailVerified || submit.isPending}>
              {submit.isPending ? 'Sending claim' : 'Send claim'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const STATUS_BADGE = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
} as const;

export function ClaimStatusBadge({ status }: { status: CashbackClaim['status'] }) {
  const { label, variant } = STATUS_BADGE[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** The trader's claims with their statuses and, when rejected, the reason. */
export function OwnClaimsList() {
  const { data: claims, isPending, isError } = useQuery(ownClaimsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your claims</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? <p className="text-sm text-slate-600">Loading your claims</p> : null}
        {isError ? <p className="text-sm text-red-700">Your claims could not be loaded.</p> : null}
        {claims && claims.length === 0 ? (
          <p className="text-sm text-slate-600">You have not sent a claim yet.</p>
        ) : null}
        {claims && claims.length > 0 ? (
          <ul className="divide-y divide-slate-200" data-testid="own-claims">
            {claims.map((claim) => (
              <li key={claim.id} id={`claim-${claim.id}`} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto]">
                <div>
                  <p className="font-medium text-slate-900">
                    {claim.firmName} · order {claim.orderReference}
                  </p>
                  <p className="text-sm text-slate-600">
                    ${claim.amountSpent.toFixed(2)} on{' '}
                    {claim.purchaseDate ? formatDate(claim.purchaseDate) : 'N/A'}
                    {' · '}
                    {claim.status === 'approved' ? 'earned' : 'would earn'}{' '}
                    {claim.points.toLocaleString('en-US')} points
                    {claim.proofUrl ? (
                      <>
                        {' · '}
                        <a
                          className="text-brand-700 underline"
                          href={claim.proofUrl}
                          target="_blank"
                          rel="noreferrer"
                        >
                          Receipt
                        </a>
                      </>
                    ) : null}
                  </p>
                  {claim.status === 'rejected' && claim.rejectionReason ? (
                    <p className="text-sm text-red-800">Reason: {claim.rejectionReason}</p>
                  ) : null}
                </div>
                <div className="sm:text-right">
                  <ClaimStatusBadge status={claim.status} />
                  <p className="mt-1 text-xs text-slate-500">Sent {formatDate(claim.createdAt)}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
