import { AdminLayout } from '../features/admin/admin-layout';
import { AdminPostbacks } from '../features/points/admin-postbacks';

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
