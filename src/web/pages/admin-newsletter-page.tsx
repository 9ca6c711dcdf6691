import { AdminLayout } from '../features/admin/admin-layout';
import { DigestAdmin } from '../features/admin/digest';
import { digestPreviewQuery, digestSendsQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = () => [digestPreviewQuery(), digestSendsQuery()];

export default function AdminNewsletterPage() {
  return (
    <AdminLayout
      title="Deals email"
      description="The weekly deals email: read the next one as subscribers will, send it now, and see every send."
      path="/admin/newsletter"
    >
      <DigestAdmin />
    </AdminLayout>
  );
}
