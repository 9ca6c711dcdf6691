import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '../../../domain/format';
import { type AdminCashOut, CASH_OUT_STATUSES, type CashOutStatus } from '../../../domain/points';
import { FilterButtons } from '../../components/filter-buttons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { CASH_OUT_STATUS_BADGE, methodLabel } from './cash-outs';
import { adminCashOutsQuery, useRefreshPoints } from './queries';

/** The admin queue of cash-outs: mark paid with a reference, or reject (the points go back). */
export function AdminCashOuts() {
  const [status, setStatus] = useState<CashOutStatus>('pending');
  const { data: cashOuts, isPending, isError } = useQuery(adminCashOutsQuery(status));
  return (
    <div className="grid gap-4">
      <FilterButtons
        label="Cash-out status"
        options={CASH_OUT_STATUSES.map((s) => [s, CASH_OUT_STATUS_BADGE[s].label] as const)}
        value={status}
        onChange={setStatus}
      />
      {isPending ? <p className="text-sm text-slate-600">Loading cash-outs</p> : null}
      {isError ? <p className="text-sm text-red-700">The cash-outs could not be loaded.</p> : null}
      {cashOuts?.length === 0 ? <p className="text-sm text-slate-600">No {status} cash-outs.</p> : null}
      {cashOuts?.map((c) => (
        <AdminCashOutCard key={c.id} cashOut={c} />
      ))}
    </div>
  );
}

function AdminCashOutCard({ cashOut }: { cashOut: AdminCashOut }) {
  const id = useId();
  const refresh = useRefreshPoints();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'paid' | 'reject') =>
      apiJson(
        'POST',
        `/api/admin/points/cash-outs/${cashOut.id}/${action}`,
        action === 'paid' ? { reference } : { reason },
      ),
    onSuccess: async (_d, action) => {
      toast({
        title: action === 'paid' ? 'Cash-out marked paid' : 'Cash-out rejected',
        description: cashOut.user.email,
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
  const badge = CASH_OUT_STATUS_BADGE[cashOut.status];
  return (
    <Card data-testid={`admin-cash-out-${cashOut.id}`}>
      <CardContent className="grid gap-2 pt-6 text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          #{cashOut.id}: {cashOut.points.toLocaleString('en-US')} points (${cashOut.amountUsd.toFixed(2)}) by{' '}
          {methodLabel(cashOut.method)} <Badge variant={badge.variant}>{badge.label}</Badge>
        </p>
        <p>
          {cashOut.user.username ?? 'No username'} ({cashOut.user.email}), requested{' '}
          {formatDate(cashOut.createdAt)}
        </p>
        <p className="break-all">
          To: <span className="font-mono">{cashOut.destination}</span>
        </p>
        {cashOut.paymentReference ? <p>Reference: {cashOut.paymentReference}</p> : null}
        {cashOut.rejectionReason ? <p className="text-red-800">Reason: {cashOut.rejectionReason}</p> : null}
        {cashOut.status === 'pending' ? (
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
