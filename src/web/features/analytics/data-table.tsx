import type { ReactNode } from 'react';
import Download from '~icons/lucide/download';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { downloadCsv, toCsv } from './csv';

export interface Column<Row> {
  key: keyof Row & string;
  header: string;
  /** How the cell shows; the CSV keeps the raw value. */
  format?: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** One table of the dashboard, with its CSV export (the same rows and columns, raw values). */
export function DataTable<Row>({
  title,
  rows,
  columns,
  filename,
  empty = 'Nothing in this range.',
}: {
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  filename: string;
  empty?: string;
}) {
  return (
    <Card>
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
      <CardContent className="overflow-x-auto">
        {rows.length ? (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={`py-2 pr-3 font-medium ${c.numeric ? 'text-right' : ''}`}
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-b border-slate-100 last:border-0">
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={`py-2 pr-3 ${c.numeric ? 'text-right tabular-nums' : 'max-w-xs break-words'}`}
                    >
                      {c.format ? c.format(row) : String(row[c.key] ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-600">{empty}</p>
        )}
      </CardContent>
    </Card>
  );
}
