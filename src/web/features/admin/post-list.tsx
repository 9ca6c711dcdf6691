import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_POST_SORTS, POST_STATUSES, type PostStatus } from '../../../domain/admin-posts';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { Pager } from './pager';
import { adminPostsQuery } from './post-queries';

const STATUS_LABEL: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};
const STATUS_VARIANT = { draft: 'neutral', scheduled: 'info', published: 'success' } as const;
const SORT_LABEL: Record<(typeof ADMIN_POST_SORTS)[number], string> = {
  date: 'Publish date',
  title: 'Title',
  updated: 'Last edit',
};

export function PostStatusBadge({ status }: { status: PostStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{STATUS_LABEL[status]}</Badge>;
}

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base shadow-sm focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 sm:text-sm';

/** Every post, drafts and scheduled ones too, with search, a status filter, sort and paging. */
export function PostList() {
  const [params, setParams] = useUrlSearchParams();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = POST_STATUSES.includes(statusParam as PostStatus) ? (statusParam as PostStatus) : undefined;
  const sortParam = params.get('sort');
  const sort = ADMIN_POST_SORTS.includes(sortParam as never) ? (sortParam as string) : 'date';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const { data, error, isPending, refetch } = useQuery({
    ...adminPostsQuery({ q: q || undefined, status, sort, dir, page }),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the typed text only
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => update({ q: text.trim() || null, page: null }), 300);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <section aria-label="Post list">
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_1fr_1fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor="post-search">Search</Label>
          <Input
            id="post-search"
            type="search"
            placeholder="Title, slug or tag"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="post-status">Status</Label>
          <select
            id="post-status"
            className={selectClass}
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value || null, page: null })}
          >
            <option value="">All</option>
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="post-sort">Sort by</Label>
          <select
            id="post-sort"
            className={selectClass}
            value={sort}
            onChange={(e) => update({ sort: e.target.value === 'date' ? null : e.target.value, page: null })}
          >
            {ADMIN_POST_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="post-dir">Order</Label>
          <select
            id="post-dir"
            className={selectClass}
            value={dir}
            onChange={(e) => update({ dir: e.target.value === 'desc' ? null : 'asc', page: null })}
          >
            <option value="desc">{sort === 'title' ? 'Z to A' : 'Newest first'}</option>
            <option value="asc">{sort === 'title' ? 'A to Z' : 'Oldest first'}</option>
          </select>
        </div>
      </div>
      {isPending ? (
        <Skeleton className="h-96" />
      ) : error ? (
        <QueryFailure error={error} retry={() => refetch()} />
      ) : data.posts.length === 0 ? (
        <Card className="p-6 text-sm text-slate-600">
          {q || status ? 'No posts match these filters.' : 'No posts yet.'}
        </Card>
      ) : (
        <>
          <Card>
            <ul className="divide-y divide-slate-100">
              {data.posts.map((post) => (
                <li key={post.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/posts/${post.id}`}
                      className="font-semibold break-words text-brand-700 hover:underline"
                    >
                      {post.title}
                    </Link>
                    <p className="text-sm break-all text-slate-600">
                      /blog/{post.slug}
                      {post.category ? <span className="text-slate-500"> · {post.category}</span> : null}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs">
                    <PostStatusBadge status={post.status} />
                    <span className="text-slate-500">
                      {post.status === 'draft'
                        ? `Edited ${formatDate(post.updatedAt)}`
                        : post.status === 'scheduled'
                          ? `Goes live ${formatDate(post.publishDate ?? post.createdAt)}`
                          : `Published ${formatDate(post.publishDate ?? post.createdAt)}`}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => update({ page: p > 1 ? String(p) : null })}
          />
        </>
      )}
    </section>
  );
}
