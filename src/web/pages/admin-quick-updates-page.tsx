import { AdminLayout } from '../features/admin/admin-layout';
import { readListParams } from '../features/admin/list-params';
import { adminQuickUpdatesQuery } from '../features/admin/post-queries';
import { QuickUpdateList } from '../features/admin/quick-update-list';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => {
  const { q, page } = readListParams(search);
  return [adminQuickUpdatesQuery({ q: q || undefined, page })];
};

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
