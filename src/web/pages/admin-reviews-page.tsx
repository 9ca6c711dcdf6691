import { AdminLayout } from '../features/admin/admin-layout';
import { ReviewModeration } from '../features/admin/moderation';

export default function AdminReviewsPage() {
  return (
    <AdminLayout
      title="Reviews"
      description="Reviews the automatic checks held and reviews traders reported: publish, hide or delete each with a reason."
      path="/admin/reviews"
    >
      <ReviewModeration />
    </AdminLayout>
  );
}
