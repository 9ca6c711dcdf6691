import { AdminLayout } from '../features/admin/admin-layout';
import { Subscribers } from '../features/admin/subscribers';

export default function AdminSubscribersPage() {
  return (
    <AdminLayout
      title="Newsletter subscribers"
      description="Everyone who signed up for the newsletter: filter, export as CSV, remove."
      path="/admin/subscribers"
    >
      <Subscribers />
    </AdminLayout>
  );
}
