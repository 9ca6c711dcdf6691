import type { ReactNode } from 'react';
import Download from '~icons/lucide/download';
import { type Column, DataTable } from '../../components/data-table';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { downloadCsv, toCsv } from './csv';

/** A column of a SeriesTable: the field it shows and exports. */
export interface SeriesColumn<Row> {
  key: keyof Row & string;
  header: string;
  /** How the cell shows; the CSV keeps the raw value. */
  format?: (row: Row) => ReactNode;
  numeric?: boolean;
  /** How it shows on a phone: after the first column, labelled by its header unless said here. */
  phone?: Column<Row>['phone'];
}

/**
 * One table of the dashboards in its card, with its CSV export (the same rows and columns, raw
 * values). The rows are drawn by the shared DataTable: a card per row on a phone, the first
 * column its title and the others labelled by their header.
 */
export function SeriesTable<Row>({
  title,
  rows,
  columns,
  filename,
  empty = 'Nothing in this range.',
}: {
  title: string;
  rows: Row[];
  columns: SeriesColumn<Row>[];
  filename: string;
  empty?: string;
}) {
  const cells: Column<Row>[] = columns.map((c, index) => ({
    header: c.header,
    cell: (row) => (c.format ? c.format(row) : String(row[c.key] ?? '')),
    phone: c.phone ?? (index === 0 ? 'main' : 'labelled'),
    ...(c.numeric ? { align: 'end', className: 'tabular-nums' } : { className: 'max-w-xs break-words' }),
  }));
  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
        <Button
          variant="outline"
          size="sm"
          disabled={!rows.length}
          onClick={() => downloadCsv(filename, toCsv(rows, columns))}
          aria-label={`Export ${title} as CSV`}
        >
          <Download aria-hidden /> CSV
        </Button>
      </CardHeader>
      {rows.length ? (
        <DataTable label={title} columns={cells} rows={rows} rowKey={(_row, index) => index} framed={false} />
      ) : (
        <CardContent>
          <p className="text-sm text-slate-600">{empty}</p>
        </CardContent>
      )}
    </Card>
  );
}
