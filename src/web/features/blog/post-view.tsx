import type { Article, WithContext } from 'schema-dts';
import { Link } from 'wouter';
import Calendar from '~icons/lucide/calendar';
import Clock from '~icons/lucide/clock';
import Info from '~icons/lucide/info';
import User from '~icons/lucide/user';
import type { BlogPost } from '../../../domain/blog';
import { DEFAULT_AUTHOR, postDate } from '../../../domain/blog-rules';
import { formatDate } from '../../../domain/format';
import { PageHead } from '../../lib/page-context';
import { useSiteConfig } from '../../lib/site-config';
import { FeaturedFirms } from './featured-firms';
import { HtmlContent } from './html-content';

function articleJsonLd(post: BlogPost, publicUrl: string): WithContext<Article> {
  const url = `${publicUrl}/blog/${post.slug}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.excerpt ?? undefined,
    ...(post.featuredImage ? { image: new URL(post.featuredImage, publicUrl).toString() } : {}),
    datePublished: postDate(post),
    author: post.author
      ? { '@type': 'Person', name: post.author }
      : { '@type': 'Organization', name: DEFAULT_AUTHOR },
    publisher: { '@type': 'Organization', name: 'Prop Firm Club' },
    mainEntityOfPage: url,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
  };
}

/**
 * A post as /blog/{slug} shows it. The admin editor's preview renders the same view without the
 * page's head (title, canonical, JSON-LD), which belongs to the public page only.
 */
export function PostView({ post, preview = false }: { post: BlogPost; preview?: boolean }) {
  const { publicUrl } = useSiteConfig();
  const data = post.templateEnabled ? post.templateData?.data : undefined;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {preview ? null : (
        <PageHead
          title={`${post.title} | Prop Firm Club`}
          description={(post.excerpt ?? post.title).slice(0, 160)}
          canonicalPath={`/blog/${post.slug}`}
          type="article"
          image={post.featuredImage ?? undefined}
          jsonLd={import.meta.env.SSR ? [articleJsonLd(post, publicUrl)] : undefined}
          links={[
            {
              rel: 'alternate',
              type: 'application/rss+xml',
              title: 'Prop Firm Club news',
              href: '/blog/rss.xml',
            },
          ]}
        />
      )}
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/blog" className="hover:text-brand-700 hover:underline">
          News
        </Link>
      </nav>
      <header className="mt-4">
        {post.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
        {post.excerpt ? <p className="mt-3 text-lg text-slate-600">{post.excerpt}</p> : null}
        <p className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <User className="size-4" aria-hidden />
            {post.author || DEFAULT_AUTHOR}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Calendar className="size-4" aria-hidden />
            <time dateTime={postDate(post)}>{formatDate(postDate(post))}</time>
          </span>
          {post.readTime ? (
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden />
              {post.readTime} min read
            </span>
          ) : null}
        </p>
      </header>
      {post.featuredImage ? (
        <img src={post.featuredImage} alt="" className="mt-8 aspect-video w-full rounded-2xl object-cover" />
      ) : null}

      <div className="mt-8">
        {data?.introContent ? <HtmlContent html={data.introContent} className="mb-6" /> : null}
        <HtmlContent html={post.content} />
        {post.templateEnabled ? (
          <FeaturedFirms firms={post.featuredFirms} notes={data?.perFirmNotes ?? {}} />
        ) : null}
        {data?.outroContent ? <HtmlContent html={data.outroContent} className="mt-6" /> : null}
      </div>

      <aside
        aria-label="Affiliate disclosure"
        className="mt-12 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
      >
        <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          <strong>Affiliate disclosure:</strong> some links in this article are affiliate links. If you buy
          through them we may earn a commission at no extra cost to you. It never changes our ratings. Read
          our{' '}
          <Link to="/affiliate-disclosure" className="font-semibold underline">
            affiliate disclosure
          </Link>
          .
        </p>
      </aside>
    </article>
  );
}
