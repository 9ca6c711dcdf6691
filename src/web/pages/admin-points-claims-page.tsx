import { AdminLayout } from '../features/admin/admin-layout';
import { AdminCashbackClaims } from '../features/points/admin-cashback-claims';

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
