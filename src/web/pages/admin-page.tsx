import { AdminLayout } from '../features/admin/admin-layout';
import { AdminOverviewPanel } from '../features/admin/overview';

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
