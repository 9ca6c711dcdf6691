import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { NotFoundPanel } from '../components/not-found-panel';
import { PostView } from '../features/blog/post-view';
import { blogPostQuery } from '../features/blog/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ params }) => [blogPostQuery(params.slug ?? '')];

function PostNotFound() {
  return (
    <NotFoundPanel
      title="Post Not Found"
      text="The post you are looking for does not exist or is no longer available."
      canonicalPath="/blog"
      back={{ to: '/', label: 'Back to Home' }}
    />
  );
}

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data, isLoading } = useQuery(blogPostQuery(slug));
  if (isLoading) {
    return (
      <p className="py-20 text-center text-slate-600" role="status">
        Loading post...
      </p>
    );
  }
  if (!data) return <PostNotFound />;
  return <PostView post={data} />;
}
