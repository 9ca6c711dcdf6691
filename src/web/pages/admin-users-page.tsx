import { AdminLayout } from '../features/admin/admin-layout';
import { Users } from '../features/admin/users';

export default function AdminUsersPage() {
  return (
    <AdminLayout
      title="Users"
      description="Find a user, see their reviews, giveaway entries, claims and points; grant or revoke admin; suspend a user or lift it."
      path="/admin/users"
    >
      <Users />
    </AdminLayout>
  );
}
