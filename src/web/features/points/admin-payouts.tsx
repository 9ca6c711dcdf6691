import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '../../../domain/format';
import { type AdminPayout, PAYOUT_STATUSES, type PayoutStatus } from '../../../domain/points';
import { FilterButtons } from '../../components/filter-buttons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { methodLabel, PAYOUT_STATUS_BADGE } from './payouts';
import { adminPayoutsQuery, useRefreshPoints } from './queries';

/** The admin queue of payouts: mark paid with a reference, or reject (the points go back). */
export function AdminPayouts() {
  const [status, setStatus] = useState<PayoutStatus>('pending');
  const { data: payouts, isPending, isError } = useQuery(adminPayoutsQuery(status));
  return (
    <div className="grid gap-4">
      <FilterButtons
        label="Payout status"
        options={PAYOUT_STATUSES.map((s) => [s, PAYOUT_STATUS_BADGE[s].label] as const)}
        value={status}
        onChange={setStatus}
      />
      {isPending ? <p className="text-sm text-slate-600">Loading payouts</p> : null}
      {isError ? <p className="text-sm text-red-700">The payouts could not be loaded.</p> : null}
      {payouts?.length === 0 ? <p className="text-sm text-slate-600">No {status} payouts.</p> : null}
      {payouts?.map((p) => (
        <AdminPayoutCard key={p.id} payout={p} />
      ))}
    </div>
  );
}

function AdminPayoutCard({ payout }: { payout: AdminPayout }) {
  const id = useId();
  const refresh = useRefreshPoints();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'paid' | 'reject') =>
      apiJson(
        'POST',
        `/api/admin/payouts/${payout.id}/${action}`,
        action === 'paid' ? { reference } : { reason },
      ),
    onSuccess: async (_d, action) => {
      toast({
        title: action === 'paid' ? 'Payout marked paid' : 'Payout rejected',
        description: payout.user.email,
      });
      await refresh();
    },
    onError: (err) =>
      toast({ title: 'Decision failed', description: serverMessage(err), variant: 'destructive' }),
  });
  const submit = (action: 'paid' | 'reject') => (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(action);
  };
  const badge = PAYOUT_STATUS_BADGE[payout.status];
  return (
    <Card data-testid={`admin-payout-${payout.id}`}>
      <CardContent className="grid gap-2 pt-6 text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          #{payout.id}: {payout.points.toLocaleString('en-US')} points (${payout.amountUsd.toFixed(2)}) by{' '}
          {methodLabel(payout.method)} <Badge variant={badge.variant}>{badge.label}</Badge>
        </p>
        <p>
          {payout.user.username ?? 'No username'} ({payout.user.email}), requested{' '}
          {formatDate(payout.createdAt)}
        </p>
        <p className="break-all">
          To: <span className="font-mono">{payout.destination}</span>
        </p>
        {payout.paymentReference ? <p>Reference: {payout.paymentReference}</p> : null}
        {payout.rejectionReason ? <p className="text-red-800">Reason: {payout.rejectionReason}</p> : null}
        {payout.status === 'pending' ? (
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            <form className="grid gap-2" onSubmit={submit('paid')}>
              <Label htmlFor={`${id}-ref`}>Payment reference</Label>
              <Input
                id={`${id}-ref`}
                required
                minLength={3}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
              />
              <Button type="submit" className="w-fit" disabled={decide.isPending}>
                Mark paid
              </Button>
            </form>
            <form className="grid gap-2" onSubmit={submit('reject')}>
              <Label htmlFor={`${id}-reason`}>Reason for rejecting (the points go back)</Label>
              <Input
                id={`${id}-reason`}
                required
                minLength={3}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button type="submit" variant="destructive" className="w-fit" disabled={decide.isPending}>
                Reject
              </Button>
            </form>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A manual change of a balance: an account's email, the points (negative to take), a required reason. */
export function AdminPointsAdjustment() {
  const id = useId();
  const refresh = useRefreshPoints();
  const [error, setError] = useState<string | null>(null);
  const adjust = useMutation({
    mutationFn: (body: unknown) =>
      apiJson<{ userId: string; balance: number }>('POST', '/api/admin/points/adjustments', body),
    onSuccess: async (result, body) => {
      setError(null);
      toast({
        title: 'Balance adjusted',
        description: `${(body as { email: string }).email} now has ${result.balance.toLocaleString('en-US')} points.`,
      });
      await refresh();
    },
    onError: (err) => setError(serverMessage(err)),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    adjust.mutate({
      email: String(data.get('email') ?? ''),
      delta: Number(data.get('delta')),
      reason: String(data.get('reason') ?? ''),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Adjust a balance</CardTitle>
        <CardDescription>
          Writes a ledger row naming you. Use a negative number to take points.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Account email</Label>
            <Input id={`${id}-email`} name="email" type="email" required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-delta`}>Points</Label>
            <Input id={`${id}-delta`} name="delta" type="number" step={1} required />
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Input id={`${id}-reason`} name="reason" required minLength={5} maxLength={500} />
          </div>
          {error ? (
            <p className="text-sm text-red-700 sm:col-span-2" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="w-fit" disabled={adjust.isPending}>
            Adjust balance
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
