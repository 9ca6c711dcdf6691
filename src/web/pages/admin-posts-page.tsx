import { Link } from 'wouter';
import PlusIcon from '~icons/lucide/plus';
import { ADMIN_POST_SORTS, POST_STATUSES } from '../../domain/admin-posts';
import { Button } from '../components/ui/button';
import { AdminLayout } from '../features/admin/admin-layout';
import { readListParams } from '../features/admin/list-params';
import { PostList } from '../features/admin/post-list';
import { adminPostsQuery } from '../features/admin/post-queries';
import type { PageLoader } from '../lib/lazy-page';

/** The list as the address asks for it (`?q=&status=&sort=&dir=&page=`, read as the list reads it). */
export const loader: PageLoader = ({ search }) => {
  const { q, page } = readListParams(search);
  const status = POST_STATUSES.find((s) => s === search.get('status'));
  const sort = ADMIN_POST_SORTS.find((s) => s === search.get('sort')) ?? 'date';
  const dir = search.get('dir') === 'asc' ? 'asc' : 'desc';
  return [adminPostsQuery({ q: q || undefined, status, sort, dir, page })];
};

export default function AdminPostsPage() {
  return (
    <AdminLayout
      title="Posts"
      description="Every blog post: drafts, scheduled and published."
      path="/admin/posts"
      actions={
        <Button asChild>
          <Link to="/admin/posts/new">
            <PlusIcon aria-hidden="true" /> New post
          </Link>
        </Button>
      }
    >
      <PostList />
    </AdminLayout>
  );
}
