import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { QueryFailure } from '../components/query-failure';
import { Skeleton } from '../components/ui/skeleton';
import { AdminLayout, AdminNotFound } from '../features/admin/admin-layout';
import { CouponEditor } from '../features/admin/coupon-editor';
import { adminCouponQuery, firmChoicesQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

/** The coupon (unless it is a new one) and the firms its editor offers. */
export const loader: PageLoader = ({ params }) => {
  const id = Number(params.id);
  if (params.id !== 'new' && !(Number.isInteger(id) && id > 0)) return [];
  return params.id === 'new' ? [firmChoicesQuery()] : [adminCouponQuery(id), firmChoicesQuery()];
};

function EditCoupon({ id }: { id: number }) {
  const { data, error, isPending, refetch } = useQuery(adminCouponQuery(id));
  return (
    <AdminLayout
      title={data ? `Coupon ${data.code}` : 'Edit coupon'}
      description="Code, discount, expiry, image, terms and firm."
      path={`/admin/coupons/${id}`}
      actions={
        data ? (
          <Link
            to={`/admin/audit?entity=coupon&entityId=${id}`}
            className="text-sm text-brand-700 underline-offset-4 hover:underline"
          >
            History of this coupon
          </Link>
        ) : null
      }
    >
      {isPending ? (
        <Skeleton className="h-[60vh]" />
      ) : error ? (
        <QueryFailure error={error} retry={() => refetch()} />
      ) : (
        <CouponEditor key={data.id} coupon={data} />
      )}
    </AdminLayout>
  );
}

export default function AdminCouponPage() {
  const params = useParams<{ id: string }>();
  if (params.id === 'new')
    return (
      <AdminLayout
        title="New coupon"
        description="Code, discount, expiry, image, terms and firm."
        path="/admin/coupons/new"
      >
        <CouponEditor coupon={null} />
      </AdminLayout>
    );
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <AdminNotFound what="coupon" list="/admin/coupons" />;
  return <EditCoupon id={id} />;
}
