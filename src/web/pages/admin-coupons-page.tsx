import { Link } from 'wouter';
import PlusIcon from '~icons/lucide/plus';
import { Button } from '../components/ui/button';
import { AdminLayout } from '../features/admin/admin-layout';
import { CouponList } from '../features/admin/coupon-list';
import { readListParams } from '../features/admin/list-params';
import { adminCouponsQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => {
  const { q, page } = readListParams(search);
  return [adminCouponsQuery({ q: q || undefined, page })];
};

export default function AdminCouponsPage() {
  return (
    <AdminLayout
      title="Coupons"
      description="Every coupon and deal, active, inactive and expired."
      path="/admin/coupons"
      actions={
        <Button asChild>
          <Link to="/admin/coupons/new">
            <PlusIcon aria-hidden="true" /> New coupon
          </Link>
        </Button>
      }
    >
      <CouponList />
    </AdminLayout>
  );
}
