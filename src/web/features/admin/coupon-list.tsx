import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AdminCoupon } from '../../../domain/admin-content';
import { formatDate } from '../../../domain/format';
import { type Column, DataTable } from '../../components/data-table';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useListParams } from './list-params';
import { adminCouponsQuery } from './queries';

const expired = (day: string | null) => day !== null && new Date(`${day}T23:59:59Z`).getTime() < Date.now();

const COLUMNS: Column<AdminCoupon>[] = [
  {
    header: 'Coupon',
    cell: (coupon) => (
      <>
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
      </>
    ),
  },
  {
    header: 'Status',
    cell: (coupon) => (
      <span className="flex flex-wrap items-center gap-1 text-xs">
        {!coupon.isActive ? <Badge variant="neutral">Inactive</Badge> : null}
        {expired(coupon.expiryDate) ? <Badge variant="danger">Expired</Badge> : null}
        {coupon.featured ? <Badge variant="warning">Featured</Badge> : null}
      </span>
    ),
  },
  {
    header: 'Expires',
    align: 'end',
    className: 'text-xs whitespace-nowrap text-slate-500 sm:text-sm',
    cell: (coupon) =>
      coupon.expiryDate ? `Expires ${formatDate(`${coupon.expiryDate}T12:00:00Z`)}` : 'No expiration',
  },
];

/** Every coupon, newest first, with search and paging. */
export function CouponList() {
  const { q, page, text, setText, setPage } = useListParams();
  const query = useQuery({
    ...adminCouponsQuery({ q: q || undefined, page }),
    placeholderData: keepPreviousData,
  });

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
      <PagedList
        query={query}
        count={(data) => data.coupons.length}
        loading="Loading coupons"
        empty={q ? `No coupons match "${q}".` : 'No coupons yet.'}
        onPage={setPage}
      >
        {(data) => (
          <DataTable label="Coupons" columns={COLUMNS} rows={data.coupons} rowKey={(coupon) => coupon.id} />
        )}
      </PagedList>
    </section>
  );
}
