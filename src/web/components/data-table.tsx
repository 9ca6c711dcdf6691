import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Card } from './ui/card';

/** One column of a DataTable, defined once: its header, its cell, and how it shows on a phone. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * Below 640 px each row is a card whose cells flow and wrap as a line of text does: `main` may
   * shrink and wrap inside (the first column by default); `plain` shows as it is (the default);
   * `labelled` is preceded by its header; `hidden` is left out.
   */
  phone?: 'main' | 'plain' | 'labelled' | 'hidden';
  /** Tables narrower than this leave the column out (phones follow `phone`). */
  from?: 'md' | 'lg';
  /** The header is read by screen readers only (a column of buttons). */
  quietHeader?: boolean;
  /** The key a sortable table sorts by when this column's header is chosen. */
  sortKey?: string;
  align?: 'end';
  className?: string;
}

const FROM = { md: 'sm:max-md:hidden', lg: 'sm:max-lg:hidden' } as const;

const PHONE = {
  main: 'max-sm:min-w-0',
  plain: '',
  labelled: '',
  hidden: 'max-sm:hidden',
} as const;

/** A table sorted by one of its columns, which the reader may change. */
export interface TableSort {
  key: string;
  desc: boolean;
  /** The column chosen: a new one, or the current one again to reverse the order. */
  onSort: (key: string) => void;
}

/**
 * A table from 640 px up; below it each row becomes a card, so a 390 px phone never scrolls
 * sideways. Rows keep their table roles at every width. A sortable table's headers are buttons;
 * a phone, where the headers are not shown, gets a list of the sortable columns and a button
 * that reverses the order.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  replaceRow,
  framed = true,
  sort,
}: {
  /** The table's caption, read by screen readers. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** A row's key: its id, or its place when rows have none (a day of a series). */
  rowKey: (row: T, index: number) => string | number;
  /** What stands in a row's place across every column instead of its cells (an inline editor). */
  replaceRow?: (row: T) => ReactNode;
  /** Drawn in a card of its own (the default), or bare inside a card that holds more. */
  framed?: boolean;
  sort?: TableSort;
}) {
  const phoneOf = (column: Column<T>, index: number) => column.phone ?? (index === 0 ? 'main' : 'plain');
  const table = (
    <table className="w-full text-left text-sm max-sm:block">
      <caption className="sr-only">{label}</caption>
      <thead className="bg-slate-50 text-xs text-slate-600 uppercase max-sm:sr-only">
        <tr>
          {columns.map((column, index) => (
            <th
              key={column.header}
              scope="col"
              aria-sort={
                sort && column.sortKey === sort.key ? (sort.desc ? 'descending' : 'ascending') : undefined
              }
              className={cn(
                'px-4 py-3 font-medium',
                column.from && FROM[column.from],
                column.align === 'end' && 'text-right',
                phoneOf(column, index) === 'hidden' && 'max-sm:hidden',
              )}
            >
              {column.quietHeader ? (
                <span className="sr-only">{column.header}</span>
              ) : sort && column.sortKey ? (
                <SortButton column={column} sort={sort} />
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-sm:block">
        {rows.map((row, rowIndex) => {
          const replacement = replaceRow?.(row);
          if (replacement) {
            return (
              <tr key={rowKey(row, rowIndex)} className="max-sm:block">
                <td colSpan={columns.length} className="p-4 max-sm:block">
                  {replacement}
                </td>
              </tr>
            );
          }
          return (
            <tr
              key={rowKey(row, rowIndex)}
              className="hover:bg-slate-50 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:justify-between max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-4 max-sm:hover:bg-transparent"
            >
              {columns.map((column, index) => {
                const phone = phoneOf(column, index);
                const content = column.cell(row);
                // A card leaves out an empty cell rather than show a label with nothing after it.
                const empty = content === null || content === undefined || content === '';
                return (
                  <td
                    key={column.header}
                    className={cn(
                      'px-4 py-3 align-middle max-sm:block max-sm:p-0',
                      column.from && FROM[column.from],
                      column.align === 'end' && 'text-right max-sm:text-left',
                      PHONE[empty ? 'hidden' : phone],
                      column.className,
                    )}
                  >
                    {phone === 'labelled' && !empty ? (
                      <span className="text-slate-500 sm:hidden">{column.header}: </span>
                    ) : null}
                    {content}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  const sortable = sort ? columns.filter((c) => c.sortKey) : [];
  const body =
    sort && sortable.length ? (
      <>
        <PhoneSort columns={sortable} sort={sort} />
        {table}
      </>
    ) : (
      table
    );
  return framed ? <Card className="overflow-hidden">{body}</Card> : body;
}

const arrow = (sort: TableSort) => (sort.desc ? ' ↓' : ' ↑');

function SortButton<T>({ column, sort }: { column: Column<T>; sort: TableSort }) {
  return (
    <button
      type="button"
      className="uppercase hover:underline"
      onClick={() => sort.onSort(column.sortKey as string)}
    >
      {column.header}
      {column.sortKey === sort.key ? arrow(sort) : ''}
    </button>
  );
}

/** Below 640 px, where the headers are not shown: the column to sort by, and the order. */
function PhoneSort<T>({ columns, sort }: { columns: readonly Column<T>[]; sort: TableSort }) {
  return (
    <div className="flex items-center gap-2 border-b border-slate-100 p-3 text-sm sm:hidden">
      <label className="flex min-w-0 flex-1 items-center gap-2">
        <span className="shrink-0 text-slate-600">Sort by</span>
        <select
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5"
          value={sort.key}
          onChange={(event) => sort.onSort(event.target.value)}
        >
          {columns.map((column) => (
            <option key={column.sortKey} value={column.sortKey}>
              {column.header}
            </option>
          ))}
        </select>
      </label>
      <Button variant="outline" size="sm" onClick={() => sort.onSort(sort.key)}>
        {sort.desc ? 'Descending' : 'Ascending'}
        <span aria-hidden="true">{arrow(sort)}</span>
      </Button>
    </div>
  );
}

/** A row's first cell: the link to the record, and what else says which one it is beneath. */
export function RowTitle({
  to,
  title,
  className,
  children,
}: {
  to: string;
  title: ReactNode;
  /** The link's weight and face: 'font-semibold', 'font-mono font-semibold break-all'. */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Link to={to} className={cn('font-medium break-words text-brand-700 hover:underline', className)}>
        {title}
      </Link>
      {children}
    </>
  );
}
