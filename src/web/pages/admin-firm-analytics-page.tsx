import { AdminLayout } from '../features/admin/admin-layout';
import { FirmAnalyticsTable } from '../features/analytics/firm-table';
import { firmAnalyticsQuery } from '../features/analytics/queries';
import { parseAnalyticsRange } from '../features/analytics/range';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => [firmAnalyticsQuery(parseAnalyticsRange(search))];

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
