import { AdminLayout } from '../features/admin/admin-layout';
import { AdminGiveaways } from '../features/giveaways/admin-giveaways';
import { adminGiveawaysQuery } from '../features/giveaways/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = () => [adminGiveawaysQuery()];

export default function AdminGiveawaysPage() {
  return (
    <AdminLayout
      title="Giveaways"
      description="Create, edit, close early, draw and delete giveaways."
      path="/admin/giveaways"
    >
      <AdminGiveaways />
    </AdminLayout>
  );
}
