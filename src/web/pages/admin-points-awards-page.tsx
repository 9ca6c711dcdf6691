import { AdminLayout } from '../features/admin/admin-layout';
import { AdminReviewAwards } from '../features/points/admin-review-awards';
import { adminAwardsQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = () => [adminAwardsQuery()];

export default function AdminPointsAwardsPage() {
  return (
    <AdminLayout
      title="Review awards"
      description="The weekly awards for the most useful reviews; revoke one with a reason."
      path="/admin/review-awards"
    >
      <AdminReviewAwards />
    </AdminLayout>
  );
}
