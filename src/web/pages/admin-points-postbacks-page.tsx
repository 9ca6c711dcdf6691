import { AdminLayout } from '../features/admin/admin-layout';
import { AdminPostbacks } from '../features/points/admin-postbacks';
import { adminPostbacksQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';

/** The list opens on the refused postbacks. */
export const loader: PageLoader = () => [adminPostbacksQuery('refused')];

export default function AdminPointsPostbacksPage() {
  return (
    <AdminLayout
      title="Offerwall postbacks"
      description="Every postback is kept; refused ones say why."
      path="/admin/postbacks"
    >
      <AdminPostbacks />
    </AdminLayout>
  );
}
