import { AdminLayout } from '../features/admin/admin-layout';
import { QuickUpdateList } from '../features/admin/quick-update-list';

export default function AdminQuickUpdatesPage() {
  return (
    <AdminLayout
      title="Quick updates"
      description="The short news of /blog's Latest Updates: add, edit, hide or delete."
      path="/admin/quick-updates"
    >
      <QuickUpdateList />
    </AdminLayout>
  );
}
