import { AdminLayout } from '../features/admin/admin-layout';
import { AdminPayouts, AdminPointsAdjustment } from '../features/points/admin-payouts';

export default function AdminPointsPayoutsPage() {
  return (
    <AdminLayout
      title="Payouts"
      description="Pay out traders' points, and adjust a balance by hand."
      path="/admin/payouts"
    >
      <div className="space-y-8">
        <AdminPayouts />
        <AdminPointsAdjustment />
      </div>
    </AdminLayout>
  );
}
