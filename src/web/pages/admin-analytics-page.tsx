import { AdminLayout } from '../features/admin/admin-layout';
import { SiteDashboard } from '../features/analytics/site-dashboard';

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
