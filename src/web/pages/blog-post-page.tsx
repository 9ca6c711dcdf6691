import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { StatusPanel } from '../components/status-panel';
import { Button } from '../components/ui/button';
import { PostView } from '../features/blog/post-view';
import { blogPostQuery } from '../features/blog/queries';

function PostNotFound() {
  return (
    <StatusPanel
      status={404}
      title="Post Not Found"
      text="The post you are looking for does not exist or is no longer available."
      canonicalPath="/blog"
    >
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </StatusPanel>
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
