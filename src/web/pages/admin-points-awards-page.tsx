import { AdminLayout } from '../features/admin/admin-layout';
import { AdminReviewAwards } from '../features/points/admin-review-awards';

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
