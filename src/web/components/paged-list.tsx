import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Column, DataTable } from './data-table';
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

const isPage = (data: PageOf | readonly unknown[]): data is PageOf => !Array.isArray(data);

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
 * a retry, the empty state, else the page's rows and the pager. The rows show as a DataTable
 * (`table`), as a stack of cards (`card`), or as `children` draw them. A list the server answers
 * whole (an array) has the same states without a pager.
 */
export function PagedList<D extends PageOf | readonly unknown[], T>({
  query,
  rows,
  loading,
  empty,
  onPage,
  ...body
}: {
  query: UseQueryResult<D>;
  /** This page's rows. */
  rows: (data: D) => readonly T[];
  /** What is loading, for screen readers: 'Loading firms'. */
  loading: string;
  empty: ReactNode;
  /** Opens another page; a list answered whole has none. */
  onPage?: (page: number) => void;
} & (
  | {
      table: {
        label: string;
        columns: readonly Column<T>[];
        rowKey: (row: T, index: number) => string | number;
        replaceRow?: (row: T) => ReactNode;
      };
    }
  | { card: (row: T) => ReactNode }
  | { children: (rows: readonly T[]) => ReactNode }
)) {
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
  const shown = rows(data);
  if (shown.length === 0) return <Card className="p-6 text-sm text-slate-600">{empty}</Card>;
  return (
    <div>
      {'table' in body ? (
        <DataTable {...body.table} rows={shown} />
      ) : 'card' in body ? (
        <div className="grid gap-4">{shown.map(body.card)}</div>
      ) : (
        body.children(shown)
      )}
      {onPage && isPage(data) ? (
        <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
      ) : null}
    </div>
  );
}
