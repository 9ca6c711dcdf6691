import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { BlogPost } from '../../domain/blog';
import { QueryFailure } from '../components/query-failure';
import { Skeleton } from '../components/ui/skeleton';
import { AdminLayout, AdminNotFound } from '../features/admin/admin-layout';
import { PostEditor } from '../features/admin/post-editor';
import { adminPostQuery } from '../features/admin/post-queries';
import { firmChoicesQuery } from '../features/admin/queries';
import { PostView } from '../features/blog/post-view';
import type { PageLoader } from '../lib/lazy-page';

/** The post and the firms its template may list (a new post starts without the template). */
export const loader: PageLoader = ({ params }) => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? [adminPostQuery(id), firmChoicesQuery()] : [];
};

const DESCRIPTION = 'Content, excerpt, image, tags, publish date and template mode.';

function EditPost({ id }: { id: number }) {
  const { data, error, isPending, refetch } = useQuery(adminPostQuery(id));
  return (
    <AdminLayout
      title={data ? data.title : 'Edit post'}
      description={DESCRIPTION}
      path={`/admin/posts/${id}`}
      actions={
        data ? (
          <Link
            to={`/admin/audit?entity=post&entityId=${id}`}
            className="text-sm text-brand-700 underline-offset-4 hover:underline"
          >
            History of this post
          </Link>
        ) : null
      }
    >
      {isPending ? (
        <Skeleton className="h-[60vh]" />
      ) : error ? (
        <QueryFailure error={error} retry={() => refetch()} />
      ) : (
        <PostEditor key={data.id} post={data} renderPreview={preview} />
      )}
    </AdminLayout>
  );
}

const preview = (post: BlogPost) => <PostView post={post} preview />;

export default function AdminPostPage() {
  const params = useParams<{ id: string }>();
  if (params.id === 'new')
    return (
      <AdminLayout title="New post" description={DESCRIPTION} path="/admin/posts/new">
        <PostEditor post={null} renderPreview={preview} />
      </AdminLayout>
    );
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <AdminNotFound what="post" list="/admin/posts" />;
  return <EditPost id={id} />;
}
