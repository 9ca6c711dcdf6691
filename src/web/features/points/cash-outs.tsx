import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '../../../domain/format';
import type { CashOut } from '../../../domain/points';
import { POINTS_RULES, pointsToUsd } from '../../../domain/points-rules';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { ownCashOutsQuery, useRefreshPoints } from './queries';

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500';

export const CASH_OUT_STATUS_BADGE = {
  pending: { label: 'Pending', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
} as const;

export const methodLabel = (method: CashOut['method']) => (method === 'paypal' ? 'PayPal' : 'USDT');

/** Turns points into money: at least the published minimum, debited at once. */
export function CashOutRequestCard({ balance, emailVerified }: { balance: number; emailVerified: boolean }) {
  const id = useId();
  const refresh = useRefreshPoints();
  const [method, setMethod] = useState<'paypal' | 'usdt'>('paypal');
  const [points, setPoints] = useState(String(POINTS_RULES.cashOutMinimumPoints));
  const [error, setError] = useState<string | null>(null);
  const min = POINTS_RULES.cashOutMinimumPoints;
  const enough = balance >= min;
  const request = useMutation({
    mutationFn: (body: unknown) => apiJson<CashOut>('POST', '/api/points/cash-outs', body),
    onSuccess: async (cashOut) => {
      setError(null);
      toast({
        title: 'Cash-out requested',
        description: `${cashOut.points.toLocaleString('en-US')} points ($${cashOut.amountUsd.toFixed(2)}) to ${methodLabel(cashOut.method)}.`,
      });
      await refresh();
    },
    onError: (err) => {
      if (errorStatus(err) === 400) setError(serverMessage(err));
      toast({ ...toastForError(err), variant: 'destructive' });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    request.mutate({ method, destination: String(data.get('destination') ?? ''), points: Number(points) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cash out</CardTitle>
        <CardDescription>
          {POINTS_RULES.pointsPerUsd} points are worth $1. The minimum cash-out is{' '}
          {min.toLocaleString('en-US')} points ($
          {pointsToUsd(min).toFixed(2)}), paid by PayPal or in USDT.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!enough ? (
          <p className="text-sm text-slate-600">
            You need {(min - balance).toLocaleString('en-US')} more points to cash out.
          </p>
        ) : !emailVerified ? (
          <p className="text-sm text-amber-900">Please verify your email address before cashing out.</p>
        ) : (
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-method`}>Paid by</Label>
              <NativeSelect
                id={`${id}-method`}
                className={selectClass}
                value={method}
                onChange={(e) => setMethod(e.target.value as 'paypal' | 'usdt')}
              >
                <option value="paypal">PayPal</option>
                <option value="usdt">USDT (TRC-20 or ERC-20)</option>
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-points`}>Points</Label>
              <Input
                id={`${id}-points`}
                type="number"
                min={min}
                max={balance}
                step={1}
                required
                value={points}
                onChange={(e) => setPoints(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor={`${id}-destination`}>
                {method === 'paypal' ? 'PayPal email address' : 'USDT address'}
              </Label>
              <Input
                id={`${id}-destination`}
                name="destination"
                type={method === 'paypal' ? 'email' : 'text'}
                autoComplete={method === 'paypal' ? 'email' : 'off'}
                required
              />
            </div>
            {error ? (
              <p className="text-sm text-red-700 sm:col-span-2" role="alert">
                {error}
              </p>
            ) : null}
            <div className="sm:col-span-2">
              <Button type="submit" disabled={request.isPending}>
                {request.isPending
                  ? 'Requesting cash-out'
                  : `Request $${pointsToUsd(Number(points) || 0).toFixed(2)}`}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** The trader's cash-outs with their statuses. */
export function OwnCashOutsList() {
  const { data: cashOuts } = useQuery(ownCashOutsQuery());
  if (!cashOuts || cashOuts.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your cash-outs</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {cashOuts.map((p) => (
            <li key={p.id} id={`cash-out-${p.id}`} className="flex items-start justify-between gap-4 py-3">
              <div className="text-sm text-slate-700">
                <p className="font-medium text-slate-900">
                  #{p.id}: {p.points.toLocaleString('en-US')} points (${p.amountUsd.toFixed(2)}) by{' '}
                  {methodLabel(p.method)}
                </p>
                <p className="break-all">{p.destination}</p>
                <p className="text-xs text-slate-500">Requested {formatDate(p.createdAt)}</p>
                {p.paymentReference ? <p>Reference: {p.paymentReference}</p> : null}
                {p.rejectionReason ? <p className="text-red-800">Reason: {p.rejectionReason}</p> : null}
              </div>
              <Badge variant={CASH_OUT_STATUS_BADGE[p.status].variant}>
                {CASH_OUT_STATUS_BADGE[p.status].label}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
