import { SUBSCRIBER_STATUSES } from '../../domain/admin-subscribers';
import { AdminLayout } from '../features/admin/admin-layout';
import { readListParams } from '../features/admin/list-params';
import { adminSubscribersQuery } from '../features/admin/queries';
import { Subscribers } from '../features/admin/subscribers';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => {
  const { q, page } = readListParams(search);
  const status = (['all', ...SUBSCRIBER_STATUSES] as const).find((s) => s === search.get('status')) ?? 'all';
  const filter = new URLSearchParams({ status, q, tag: search.get('tag') ?? '' });
  return [adminSubscribersQuery(filter, page)];
};

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
