import { Link } from 'wouter';
import PlusIcon from '~icons/lucide/plus';
import { Button } from '../components/ui/button';
import { AdminLayout } from '../features/admin/admin-layout';
import { PostList } from '../features/admin/post-list';

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
