import { AdminLayout } from '../features/admin/admin-layout';
import { ChangeRequestQueue, readQueueStatus } from '../features/firm-console/change-request-queue';
import { adminChangeRequestsQuery } from '../features/firm-console/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => [adminChangeRequestsQuery(readQueueStatus(search))];

export default function AdminChangeRequestsPage() {
  return (
    <AdminLayout
      title="Change requests"
      description="Corrections firms propose to their own data: check each against its source and the dry run, then apply it or reject it with a reason the firm reads."
      path="/admin/change-requests"
    >
      <ChangeRequestQueue />
    </AdminLayout>
  );
}
