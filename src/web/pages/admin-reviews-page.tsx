import { MODERATION_VIEWS } from '../../domain/moderation';
import { AdminLayout } from '../features/admin/admin-layout';
import { readListParams } from '../features/admin/list-params';
import { ReviewModeration } from '../features/admin/moderation';
import { adminHeldRepliesQuery, adminReviewsQuery } from '../features/admin/queries';
import { HeldReplies } from '../features/admin/reply-moderation';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => {
  const view = MODERATION_VIEWS.find((v) => v === search.get('view')) ?? 'queue';
  return [adminReviewsQuery(view, readListParams(search).page), adminHeldRepliesQuery()];
};

export default function AdminReviewsPage() {
  return (
    <AdminLayout
      title="Reviews"
      description="Reviews the automatic checks held and reviews traders reported: publish, hide or delete each with a reason. Firms' replies the checks held come first."
      path="/admin/reviews"
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-8">
        <HeldReplies />
        <ReviewModeration />
      </div>
    </AdminLayout>
  );
}
