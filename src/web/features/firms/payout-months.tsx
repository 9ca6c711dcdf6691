import type { FirmPayoutRecord } from '../../../domain/payouts';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' as 'Jan 2026'. */
export const formatMonth = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

/**
 * The months of the chart as a table: what a screen reader reads, and what a visitor opens to see
 * the figures (or before the chart is drawn).
 */
export function PayoutMonthTable({ months }: { months: FirmPayoutRecord['monthly'] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Verified payouts by month</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Month
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Payouts
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row" className="py-1 font-normal">
                {formatMonth(m.month)}
              </th>
              <td className="py-1 text-right tabular-nums">{m.count.toLocaleString('en-US')}</td>
              <td className="py-1 text-right tabular-nums">
                ${Math.round(m.amount).toLocaleString('en-US')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
