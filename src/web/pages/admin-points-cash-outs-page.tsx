import { AdminLayout } from '../features/admin/admin-layout';
import { AdminCashOuts, AdminPointsAdjustment } from '../features/points/admin-cash-outs';
import { adminCashOutsQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';

/** The list opens on the pending cash-outs. */
export const loader: PageLoader = () => [adminCashOutsQuery('pending')];

export default function AdminPointsCashOutsPage() {
  return (
    <AdminLayout
      title="Cash-outs"
      description="Pay traders' cash-outs, and adjust a balance by hand."
      path="/admin/cash-outs"
    >
      <div className="space-y-8">
        <AdminCashOuts />
        <AdminPointsAdjustment />
      </div>
    </AdminLayout>
  );
}
