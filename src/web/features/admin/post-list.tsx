import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_POST_SORTS,
  type AdminPostRow,
  POST_STATUSES,
  type PostStatus,
} from '../../../domain/admin-posts';
import { formatDate } from '../../../domain/format';
import { type Column, RowTitle } from '../../components/data-table';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { useListParams } from './list-params';
import { ListSearch } from './list-search';
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

const COLUMNS: Column<AdminPostRow>[] = [
  {
    header: 'Post',
    cell: (post) => (
      <RowTitle to={`/admin/posts/${post.id}`} title={post.title} className="font-semibold">
        <p className="text-sm break-all text-slate-600">
          /blog/{post.slug}
          {post.category ? <span className="text-slate-500"> · {post.category}</span> : null}
        </p>
      </RowTitle>
    ),
  },
  { header: 'Status', cell: (post) => <PostStatusBadge status={post.status} /> },
  {
    header: 'Date',
    align: 'end',
    className: 'text-xs whitespace-nowrap text-slate-500 sm:text-sm',
    cell: (post) =>
      post.status === 'draft'
        ? `Edited ${formatDate(post.updatedAt)}`
        : post.status === 'scheduled'
          ? `Goes live ${formatDate(post.publishDate ?? post.createdAt)}`
          : `Published ${formatDate(post.publishDate ?? post.createdAt)}`,
  },
];

/** Every post, drafts and scheduled ones too, with search, a status filter, sort and paging. */
export function PostList() {
  const { params, q, page, text, setText, update, setPage } = useListParams();
  const statusParam = params.get('status');
  const status = POST_STATUSES.includes(statusParam as PostStatus) ? (statusParam as PostStatus) : undefined;
  const sortParam = params.get('sort');
  const sort = ADMIN_POST_SORTS.includes(sortParam as never) ? (sortParam as string) : 'date';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const query = useQuery({
    ...adminPostsQuery({ q: q || undefined, status, sort, dir, page }),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-label="Post list">
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_1fr_1fr_1fr]">
        <ListSearch id="post-search" placeholder="Title, slug or tag" text={text} setText={setText} />
        <div className="grid gap-1.5">
          <Label htmlFor="post-status">Status</Label>
          <NativeSelect
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
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="post-sort">Sort by</Label>
          <NativeSelect
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
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="post-dir">Order</Label>
          <NativeSelect
            id="post-dir"
            className={selectClass}
            value={dir}
            onChange={(e) => update({ dir: e.target.value === 'desc' ? null : 'asc', page: null })}
          >
            <option value="desc">{sort === 'title' ? 'Z to A' : 'Newest first'}</option>
            <option value="asc">{sort === 'title' ? 'A to Z' : 'Oldest first'}</option>
          </NativeSelect>
        </div>
      </div>
      <PagedList
        query={query}
        rows={(data) => data.posts}
        loading="Loading posts"
        empty={q || status ? 'No posts match these filters.' : 'No posts yet.'}
        onPage={setPage}
        table={{ label: 'Posts', columns: COLUMNS, rowKey: (post) => post.id }}
      />
    </section>
  );
}
