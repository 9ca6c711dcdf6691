import { MESSAGE_STATUSES } from '../../domain/admin-inbox';
import { AdminLayout } from '../features/admin/admin-layout';
import { Inbox } from '../features/admin/inbox';
import { readListParams } from '../features/admin/list-params';
import { adminMessagesQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => {
  const status = (['all', ...MESSAGE_STATUSES] as const).find((s) => s === search.get('status')) ?? 'new';
  return [adminMessagesQuery(status, readListParams(search).page)];
};

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
