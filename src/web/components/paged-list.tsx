import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryFailure } from './query-failure';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { Skeleton } from './ui/skeleton';

/** What every paged list answer carries beside its rows. */
export interface PageOf {
  page: number;
  pageSize: number;
  total: number;
}

/** Previous / next with where we are; hidden when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: PageOf & {
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-slate-600">
        Page {page} of {pages} · {total.toLocaleString('en-US')} in all
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/**
 * A paged list's states in one place: a placeholder while the first page loads, the failure with
 * a retry, the empty state, else the rows (`children`, a DataTable or cards) and the pager.
 */
export function PagedList<D extends PageOf>({
  query,
  count,
  loading,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<D>;
  /** How many rows this page holds. */
  count: (data: D) => number;
  /** What is loading, for screen readers: 'Loading firms'. */
  loading: string;
  empty: ReactNode;
  onPage: (page: number) => void;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status">
        <span className="sr-only">{loading}</span>
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (query.isError) return <QueryFailure error={query.error} retry={() => query.refetch()} />;
  const data = query.data;
  if (count(data) === 0) return <Card className="p-6 text-sm text-slate-600">{empty}</Card>;
  return (
    <div>
      {children(data)}
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
    </div>
  );
}
