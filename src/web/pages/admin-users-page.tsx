import { USER_FILTERS } from '../../domain/admin-users';
import { AdminLayout } from '../features/admin/admin-layout';
import { readListParams } from '../features/admin/list-params';
import { adminUsersQuery } from '../features/admin/queries';
import { Users } from '../features/admin/users';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => {
  const { q, page } = readListParams(search);
  const filter = USER_FILTERS.find((f) => f === search.get('filter')) ?? 'all';
  return [adminUsersQuery({ q, filter, page })];
};

export default function AdminUsersPage() {
  return (
    <AdminLayout
      title="Users"
      description="Find a user, see their reviews, giveaway entries, claims and points; grant or revoke admin; suspend a user or lift it; delete an account."
      path="/admin/users"
    >
      <Users />
    </AdminLayout>
  );
}
