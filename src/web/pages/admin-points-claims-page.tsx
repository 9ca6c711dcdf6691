import { AdminLayout } from '../features/admin/admin-layout';
import { AdminCashbackClaims } from '../features/points/admin-cashback-claims';
import { adminClaimsQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';

/** The list opens on the pending claims. */
export const loader: PageLoader = () => [adminClaimsQuery('pending')];

export default function AdminPointsClaimsPage() {
  return (
    <AdminLayout
      title="Cashback claims"
      description="Approve or reject traders' cashback claims."
      path="/admin/cashback-claims"
    >
      <AdminCashbackClaims />
    </AdminLayout>
  );
}
