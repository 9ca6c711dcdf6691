import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Granularity } from '../../../domain/admin-analytics';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { type ChangeCard, ChangeCards } from './change-cards';
import { periodLabel } from './range';
import { RangePicker } from './range-picker';
import { SeriesChart, type SeriesLine } from './series-chart';
import { type SeriesColumn, SeriesTable } from './series-table';

interface RangeDays {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

const utcDay = (day: string) => formatDate(`${day}T00:00:00Z`);

/**
 * What the site dashboard and a firm's page share: the range picker, the loading and failed
 * states, the sentence naming the range and the period it is compared with, and the totals with
 * their changes and a line of notes; `children` is the rest of the page.
 */
export function AnalyticsFrame<Data extends { range: RangeDays }>({
  query,
  rangeNote,
  totals,
  children,
}: {
  query: UseQueryResult<Data>;
  /** Said after the range sentence. */
  rangeNote?: (data: Data) => ReactNode;
  totals: (data: Data) => { cards: ChangeCard[]; className: string; note: ReactNode };
  children: (data: Data) => ReactNode;
}) {
  const { data } = query;
  const figures = data ? totals(data) : null;
  return (
    <div className="space-y-6">
      <RangePicker />
      {query.isError ? <QueryFailure error={query.error} retry={() => query.refetch()} /> : null}
      {!data && query.isPending ? <Skeleton className="h-96 w-full" /> : null}
      {data && figures ? (
        <div
          className={cn('space-y-6', query.isPlaceholderData && 'opacity-60')}
          aria-busy={query.isPlaceholderData}
        >
          <p className="text-sm text-slate-600">
            {data.range.from === data.range.to
              ? `${utcDay(data.range.from)} (UTC), compared with ${utcDay(data.range.previousFrom)}.`
              : `${utcDay(data.range.from)} to ${utcDay(data.range.to)} (UTC), compared with ${utcDay(data.range.previousFrom)} to ${utcDay(data.range.previousTo)}.`}
            {rangeNote ? <> {rangeNote(data)}</> : null}
          </p>
          <div className="space-y-2">
            <ChangeCards className={figures.className} cards={figures.cards} />
            <p className="text-sm text-slate-600">{figures.note}</p>
          </div>
          {children(data)}
        </div>
      ) : null}
    </div>
  );
}

type SeriesRow = { day: string; hour: number | null };

/**
 * A range's series: charted by day, or by hour for one day (as the answer's granularity says), and
 * the same figures in a table with its CSV export.
 */
export function SeriesSection<Row extends SeriesRow>({
  granularity,
  rows,
  subject,
  range,
  lines,
  filename,
}: {
  granularity: Granularity;
  rows: Row[];
  /** What the chart shows, for its label: "Page views and outbound clicks". */
  subject: string;
  range: { from: string; to: string };
  lines: SeriesLine<Row>[];
  /** The CSV file's name for a part of it ("by-day", "by-hour"). */
  filename: (name: string) => string;
}) {
  const byHour = granularity === 'hour';
  const unit = byHour ? 'hour' : 'day';
  const table = rows.map((row) => ({ ...row, time: periodLabel(row) }));
  const columns: SeriesColumn<Row & { time: string }>[] = [
    { key: 'day', header: 'Day' },
    // On a phone the hour reads beside its day, unlabelled.
    ...(byHour ? [{ key: 'time' as const, header: 'Hour (UTC)', phone: 'plain' as const }] : []),
    ...lines.map((line) => ({ key: line.key, header: line.label, numeric: true })),
  ];
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            {byHour ? 'By hour (UTC)' : 'By day'}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <SeriesChart
            rows={rows}
            label={`${subject} by ${unit}, ${range.from === range.to ? range.from : `${range.from} to ${range.to}`}${byHour ? ' (UTC)' : ''}`}
            lines={lines}
          />
        </CardContent>
      </Card>
      <details className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">The figures by {unit}</summary>
        <div className="mt-3">
          <SeriesTable
            title={byHour ? 'By hour' : 'By day'}
            filename={filename(`by-${unit}`)}
            rows={table}
            columns={columns}
          />
        </div>
      </details>
    </>
  );
}
