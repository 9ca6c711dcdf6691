import type { FirmPayoutRecord } from '../../../domain/payouts';
import { type Column, DataTable } from '../../components/data-table';

type Month = FirmPayoutRecord['monthly'][number];

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' as 'Jan 2026'. */
export const formatMonth = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

const COLUMNS: readonly Column<Month>[] = [
  { header: 'Month', cell: (m) => formatMonth(m.month) },
  { header: 'Payouts', phone: 'labelled', align: 'end', cell: (m) => m.count.toLocaleString('en-US') },
  {
    header: 'Amount',
    phone: 'labelled',
    align: 'end',
    cell: (m) => `$${Math.round(m.amount).toLocaleString('en-US')}`,
  },
];

/**
 * The months of the chart as a table: what a screen reader reads, and what a visitor opens to see
 * the figures (or before the chart is drawn).
 */
export function PayoutMonthTable({ months }: { months: readonly Month[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
      <div className="mt-2">
        <DataTable
          label="Verified payouts by month"
          columns={COLUMNS}
          rows={months}
          rowKey={(m) => m.month}
          framed={false}
        />
      </div>
    </details>
  );
}
