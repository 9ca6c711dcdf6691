import { AdminLayout } from '../features/admin/admin-layout';
import { AdminOverviewPanel } from '../features/admin/overview';
import { adminOverviewQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = () => [adminOverviewQuery()];

export default function AdminPage() {
  return (
    <AdminLayout
      title="Overview"
      description="What the site holds and what is waiting for an admin."
      path="/admin"
    >
      <AdminOverviewPanel />
    </AdminLayout>
  );
}
