import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { Pager } from './pager';
import { adminCouponsQuery } from './queries';

const expired = (day: string | null) => day !== null && new Date(`${day}T23:59:59Z`).getTime() < Date.now();

/** Every coupon, newest first, with search and paging. */
export function CouponList() {
  const [params, setParams] = useUrlSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const { data, error, isPending, refetch } = useQuery({
    ...adminCouponsQuery({ q: q || undefined, page }),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the typed text only
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => update({ q: text.trim() || null, page: null }), 300);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <section aria-label="Coupon list">
      <div className="mb-4 grid max-w-md gap-1.5">
        <Label htmlFor="coupon-search">Search</Label>
        <Input
          id="coupon-search"
          type="search"
          placeholder="Code, title or firm"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {isPending ? (
        <Skeleton className="h-96" />
      ) : error ? (
        <QueryFailure error={error} retry={() => refetch()} />
      ) : data.coupons.length === 0 ? (
        <Card className="p-6 text-sm text-slate-600">
          {q ? `No coupons match "${q}".` : 'No coupons yet.'}
        </Card>
      ) : (
        <>
          <Card>
            <ul className="divide-y divide-slate-100">
              {data.coupons.map((coupon) => (
                <li key={coupon.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/coupons/${coupon.id}`}
                      className="font-mono font-semibold break-all text-brand-700 hover:underline"
                    >
                      {coupon.code}
                    </Link>
                    <p className="text-sm break-words text-slate-700">
                      {coupon.title ?? coupon.description ?? ''}
                      {coupon.firmName ? <span className="text-slate-500"> · {coupon.firmName}</span> : null}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-1 text-xs">
                    {!coupon.isActive ? <Badge variant="neutral">Inactive</Badge> : null}
                    {expired(coupon.expiryDate) ? <Badge variant="danger">Expired</Badge> : null}
                    {coupon.featured ? <Badge variant="warning">Featured</Badge> : null}
                    <span className="text-slate-500">
                      {coupon.expiryDate
                        ? `Expires ${formatDate(`${coupon.expiryDate}T12:00:00Z`)}`
                        : 'No expiration'}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => update({ page: p > 1 ? String(p) : null })}
          />
        </>
      )}
    </section>
  );
}
