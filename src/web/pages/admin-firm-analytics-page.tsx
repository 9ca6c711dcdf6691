import { AdminLayout } from '../features/admin/admin-layout';
import { FirmAnalyticsTable } from '../features/analytics/firm-table';

export default function AdminFirmAnalyticsPage() {
  return (
    <AdminLayout
      title="Firm analytics"
      description="Every listed firm over a range: page views, outbound clicks, coupon copies, reviews and giveaway entries."
      path="/admin/firm-analytics"
    >
      <FirmAnalyticsTable />
    </AdminLayout>
  );
}
