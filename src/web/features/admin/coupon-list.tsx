import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCoupon } from '../../../domain/admin-content';
import { formatDate } from '../../../domain/format';
import { type Column, RowTitle } from '../../components/data-table';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { useListParams } from './list-params';
import { ListSearch } from './list-search';
import { adminCouponsQuery } from './queries';

const expired = (day: string | null) => day !== null && new Date(`${day}T23:59:59Z`).getTime() < Date.now();

const COLUMNS: Column<AdminCoupon>[] = [
  {
    header: 'Coupon',
    cell: (coupon) => (
      <RowTitle
        to={`/admin/coupons/${coupon.id}`}
        title={coupon.code}
        className="font-mono font-semibold break-all"
      >
        <p className="text-sm break-words text-slate-700">
          {coupon.title ?? coupon.description ?? ''}
          {coupon.firmName ? <span className="text-slate-500"> · {coupon.firmName}</span> : null}
        </p>
      </RowTitle>
    ),
  },
  {
    header: 'Status',
    cell: (coupon) =>
      coupon.isActive && !expired(coupon.expiryDate) && !coupon.featured ? null : (
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
      <ListSearch
        id="coupon-search"
        placeholder="Code, title or firm"
        text={text}
        setText={setText}
        className="mb-4 max-w-md"
      />
      <PagedList
        query={query}
        rows={(data) => data.coupons}
        loading="Loading coupons"
        empty={q ? `No coupons match "${q}".` : 'No coupons yet.'}
        onPage={setPage}
        table={{ label: 'Coupons', columns: COLUMNS, rowKey: (coupon) => coupon.id }}
      />
    </section>
  );
}
