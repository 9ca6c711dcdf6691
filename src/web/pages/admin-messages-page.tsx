import { AdminLayout } from '../features/admin/admin-layout';
import { Inbox } from '../features/admin/inbox';

export default function AdminMessagesPage() {
  return (
    <AdminLayout
      title="Messages"
      description="What visitors sent through the contact form: answer by email, or close."
      path="/admin/messages"
    >
      <Inbox />
    </AdminLayout>
  );
}
