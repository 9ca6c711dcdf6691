import { AdminLayout } from '../features/admin/admin-layout';
import { PayoutReportQueue } from '../features/admin/payout-reports';

export default function AdminPayoutReportsPage() {
  return (
    <AdminLayout
      title="Payout reports"
      description="Traders' payout reports with their evidence and the automatic checks' flags: verify each with its evidence grade, or reject it with a reason."
      path="/admin/payout-reports"
    >
      <PayoutReportQueue />
    </AdminLayout>
  );
}
