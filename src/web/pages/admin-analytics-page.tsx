import { AdminLayout } from '../features/admin/admin-layout';
import { siteAnalyticsQuery } from '../features/analytics/queries';
import { parseAnalyticsRange } from '../features/analytics/range';
import { SiteDashboard } from '../features/analytics/site-dashboard';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => [siteAnalyticsQuery(parseAnalyticsRange(search))];

export default function AdminAnalyticsPage() {
  return (
    <AdminLayout
      title="Site analytics"
      description="Page views, visitors, sources, searches and clicks over a range, against the period before."
      path="/admin/analytics"
    >
      <SiteDashboard />
    </AdminLayout>
  );
}
