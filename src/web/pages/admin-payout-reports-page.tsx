import { PAYOUT_QUEUE_FILTERS } from '../../domain/payout-rules';
import { AdminLayout } from '../features/admin/admin-layout';
import { readListParams } from '../features/admin/list-params';
import { PayoutReportQueue } from '../features/admin/payout-reports';
import { adminPayoutReportsQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => {
  const filter = PAYOUT_QUEUE_FILTERS.find((f) => f === search.get('filter')) ?? 'pending';
  return [adminPayoutReportsQuery({ filter, page: readListParams(search).page })];
};

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
