import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import type { Account } from '../../../domain/firms';
import { formatDate, formatFunding, formatPrice } from '../../../domain/format';
import { Skeleton } from '../../components/ui/skeleton';
import { lazyComponent } from '../../lib/lazy-page';
import { accountPriceHistoryQuery } from './queries';

// Drawn in the browser only, once shown: recharts stays out of the firm page's own code.
const PriceChart = lazyComponent(() => import('./price-chart').then((m) => m.PriceChart));

/** A funding model's price history: one account size at a time, chosen from its sizes. */
export function PriceHistorySection({ accounts }: { accounts: Account[] }) {
  const [accountId, setAccountId] = useState(accounts[0]?.id);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const selectId = useId();
  const history = useQuery({
    ...accountPriceHistoryQuery(accountId ?? 0),
    enabled: mounted && accountId != null,
  });
  const points = history.data?.points ?? [];
  const first = points[0];
  const last = points.at(-1);
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          Price history, 12 months
        </h4>
        <label htmlFor={selectId} className="flex items-center gap-2 text-sm text-slate-600">
          Account
          <select
            id={selectId}
            value={accountId}
            onChange={(e) => setAccountId(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {formatFunding(a.capital)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="h-48" aria-hidden="true" data-testid="price-chart">
        {mounted && history.data ? (
          <Suspense fallback={<Skeleton className="h-48" />}>
            <PriceChart history={history.data} now={Date.now()} />
          </Suspense>
        ) : (
          <Skeleton className="h-48" />
        )}
      </div>
      {first && last ? (
        <p className="mt-1 text-xs text-slate-600">
          {points.length === 1
            ? `${formatPrice(last.priceAfterCoupon)} after coupon (list ${formatPrice(last.listPrice)}), unchanged since ${formatDate(first.recordedAt)}.`
            : `${points.length - 1} price changes: ${formatPrice(first.priceAfterCoupon)} after coupon on ${formatDate(first.recordedAt)}, ${formatPrice(last.priceAfterCoupon)} since ${formatDate(last.recordedAt)} (list ${formatPrice(last.listPrice)}).`}
        </p>
      ) : history.isSuccess ? (
        <p className="mt-1 text-xs text-slate-600">No prices recorded yet.</p>
      ) : null}
    </div>
  );
}
