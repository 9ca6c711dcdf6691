import { Link } from 'wouter';
import Calendar from '~icons/lucide/calendar';
import Clock from '~icons/lucide/clock';
import type { BlogPostSummary } from '../../../domain/blog';
import { CARD_TAG_LIMIT, DEFAULT_AUTHOR, postDate } from '../../../domain/blog-rules';
import { formatDate } from '../../../domain/format';

export function PostCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {post.featuredImage ? (
        <img src={post.featuredImage} alt="" loading="lazy" className="aspect-video w-full object-cover" />
      ) : (
        <div className="aspect-video w-full bg-gradient-to-br from-brand-100 to-brand-50" aria-hidden />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {post.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className="text-lg font-semibold leading-snug text-slate-900">
          <Link
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 hover:text-brand-700 hover:underline"
          >
            {post.title}
          </Link>
        </h3>
        {post.excerpt ? <p className="line-clamp-3 text-sm text-slate-600">{post.excerpt}</p> : null}
        <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-xs text-slate-600">
          <span>{post.author || DEFAULT_AUTHOR}</span>
          <span className="inline-flex items-center gap-1">
            <Calendar className="size-3" aria-hidden />
            {formatDate(postDate(post))}
          </span>
          {post.readTime ? (
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3" aria-hidden />
              {post.readTime} min read
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}
