import type { UseQueryResult } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { type Column, DataTable, RowTitle } from './data-table';
import { NotFoundPanel } from './not-found-panel';
import { PagedList, type PageOf } from './paged-list';

interface Row {
  id: number;
  name: string;
  tags: string;
}
const COLUMNS: Column<Row>[] = [
  { header: 'Name', cell: (r) => <RowTitle to={`/admin/rows/${r.id}`} title={r.name} /> },
  { header: 'Tags', phone: 'labelled', cell: (r) => r.tags },
  { header: 'Count', phone: 'hidden', from: 'md', cell: () => '3' },
  {
    header: 'Actions',
    quietHeader: true,
    align: 'end',
    cell: (r) => <button type="button">Remove {r.name}</button>,
  },
];
const ROWS: Row[] = [
  { id: 1, name: 'Acme', tags: 'deals' },
  { id: 2, name: 'Zenith', tags: '' },
];

// React separates adjacent text with comments.
const html = (node: React.ReactNode) =>
  renderToString(<Router ssrPath="/admin">{node}</Router>).replace(/<!-- -->/g, '');
const cells = (markup: string) => [...markup.matchAll(/<td class="([^"]*)">(.*?)<\/td>/g)];

describe('DataTable', () => {
  const markup = html(<DataTable label="Rows" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />);

  it('is a table with a caption, a header per column and a row per record', () => {
    expect(markup).toContain('<caption class="sr-only">Rows</caption>');
    expect([...markup.matchAll(/<th scope="col"/g)]).toHaveLength(4);
    expect([...markup.matchAll(/<tr[ >]/g)]).toHaveLength(3);
    expect(markup).toContain('<span class="sr-only">Actions</span>');
    expect(markup).toContain('href="/admin/rows/1"');
  });

  it('turns each row into a card below 640 px: labels where asked, hidden and empty cells left out', () => {
    expect(markup).toMatch(/<tr class="[^"]*max-sm:flex[^"]*max-sm:flex-wrap/);
    const [first, second] = [cells(markup).slice(0, 4), cells(markup).slice(4)];
    expect(first[1][2]).toContain('<span class="text-slate-500 sm:hidden">Tags: </span>deals');
    expect(first[2][1]).toContain('max-sm:hidden');
    expect(first[2][1]).toContain('sm:max-md:hidden');
    // Zenith has no tags: no 'Tags:' with nothing after it on a phone.
    expect(second[1][1]).toContain('max-sm:hidden');
    expect(second[1][2]).not.toContain('Tags:');
  });
});

const page = (rows: Row[], over: Partial<PageOf> = {}) =>
  ({
    isPending: false,
    isError: false,
    data: { rows, page: 1, pageSize: 2, total: rows.length, ...over },
    refetch: () => {},
  }) as unknown as UseQueryResult<PageOf & { rows: Row[] }>;

describe('PagedList', () => {
  const list = (query: UseQueryResult<PageOf & { rows: Row[] }>) =>
    html(
      <PagedList
        query={query}
        rows={(d) => d.rows}
        loading="Loading rows"
        empty="No rows yet."
        onPage={() => {}}
        table={{ label: 'Rows', columns: COLUMNS, rowKey: (r) => r.id }}
      />,
    );

  it('says what is loading while the first page loads', () => {
    const markup = list({ isPending: true } as UseQueryResult<PageOf & { rows: Row[] }>);
    expect(markup).toContain('role="status"');
    expect(markup).toContain('Loading rows');
  });

  it('shows the failure with a retry', () => {
    const markup = list({
      isPending: false,
      isError: true,
      error: new Error('500: {"message":"Boom"}'),
      refetch: () => {},
    } as unknown as UseQueryResult<PageOf & { rows: Row[] }>);
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('Try Again');
  });

  it('shows the empty state instead of an empty table', () => {
    const markup = list(page([]));
    expect(markup).toContain('No rows yet.');
    expect(markup).not.toContain('<table');
  });

  it('shows the rows, and the pager only when there is more than one page', () => {
    expect(list(page(ROWS))).not.toContain('aria-label="Pages"');
    const paged = list(page(ROWS, { total: 5 }));
    expect(paged).toContain('<table');
    expect(paged).toContain('aria-label="Pages"');
    expect(paged).toContain('Page 1 of 3 · 5 in all');
  });

  it('draws cards when asked', () => {
    const markup = html(
      <PagedList
        query={page(ROWS)}
        rows={(d) => d.rows}
        loading="Loading rows"
        empty="No rows yet."
        onPage={() => {}}
        card={(r) => <article key={r.id}>{r.name}</article>}
      />,
    );
    expect(markup).toContain('<article>Acme</article><article>Zenith</article>');
  });
});

describe('NotFoundPanel', () => {
  it('names what is missing and links back to its list', () => {
    const markup = html(
      <NotFoundPanel
        title="Deal Not Found"
        text="The requested deal could not be found or may have expired."
        canonicalPath="/coupons"
        back={{ to: '/coupons', label: 'View All Deals' }}
      />,
    );
    expect(markup).toContain('<h1 class="mt-2 text-3xl font-bold text-slate-900">Deal Not Found</h1>');
    expect(markup).toMatch(/<a [^>]*href="\/coupons"[^>]*>View All Deals<\/a>/);
  });
});
