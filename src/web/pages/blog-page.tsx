import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BLOG_LIST_LIMIT, isArticlePost, isReviewPost } from '../../domain/blog-rules';
import { PageHeader } from '../components/page-header';
import { PostCard } from '../features/blog/post-card';
import { blogPostsQuery, quickUpdatesQuery } from '../features/blog/queries';
import { QuickUpdateCard } from '../features/blog/quick-update-card';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [blogPostsQuery(), quickUpdatesQuery()];

function Section({
  id,
  title,
  loading,
  empty,
  children,
}: {
  id: string;
  title: string;
  loading: boolean;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {loading ? (
        <p className="mt-4 text-slate-600" role="status">
          Loading...
        </p>
      ) : empty ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {empty}
        </p>
      ) : (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
      )}
    </section>
  );
}

export default function BlogPage() {
  const posts = useQuery(blogPostsQuery());
  const updates = useQuery(quickUpdatesQuery());
  const reviews = (posts.data ?? []).filter(isReviewPost).slice(0, BLOG_LIST_LIMIT);
  const articles = (posts.data ?? []).filter(isArticlePost).slice(0, BLOG_LIST_LIMIT);
  const latest = (updates.data ?? []).slice(0, BLOG_LIST_LIMIT);

  return (
    <>
      <PageHead
        title="Prop Trading News, Reviews & Articles | Prop Firm Club"
        description="The latest prop firm news, in-depth prop firm reviews and trading articles from the Prop Firm Club team."
        canonicalPath="/blog"
        links={[
          {
            rel: 'alternate',
            type: 'application/rss+xml',
            title: 'Prop Firm Club news',
            href: '/blog/rss.xml',
          },
        ]}
      />
      <PageHeader
        title="Prop Trading News"
        intro="Industry updates, honest prop firm reviews and trading insights from our team."
      />
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-10 sm:px-6 lg:px-8">
        <Section
          id="latest-updates"
          title="Latest Updates"
          loading={updates.isLoading}
          empty={
            latest.length === 0 ? 'No updates yet. Check back soon for the latest prop firm news.' : null
          }
        >
          {latest.map((u) => (
            <li key={u.id}>
              <QuickUpdateCard update={u} />
            </li>
          ))}
        </Section>
        <Section
          id="firm-reviews"
          title="Prop Firm Reviews"
          loading={posts.isLoading}
          empty={reviews.length === 0 ? 'No prop firm reviews published yet.' : null}
        >
          {reviews.map((p) => (
            <li key={p.id} className="relative">
              <PostCard post={p} />
            </li>
          ))}
        </Section>
        <Section
          id="articles"
          title="Trading Articles & Insights"
          loading={posts.isLoading}
          empty={articles.length === 0 ? 'No articles published yet.' : null}
        >
          {articles.map((p) => (
            <li key={p.id} className="relative">
              <PostCard post={p} />
            </li>
          ))}
        </Section>
      </div>
    </>
  );
}
