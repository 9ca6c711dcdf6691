import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FirmPayoutRecord } from '../../../domain/payouts';
import { formatMonth } from './payout-months';

/**
 * Verified payouts by month as bars (recharts, SVG, loaded only when the Payouts tab is shown in a
 * browser). The same figures are in the table under it, which screen readers read instead, so the
 * chart takes no focus (`accessibilityLayer` off).
 */
export function PayoutChart({ months }: { months: FirmPayoutRecord['monthly'] }) {
  const points = months.map((m) => ({ ...m, tick: formatMonth(m.month).replace(' 20', " '") }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="tick" fontSize={11} interval="preserveStartEnd" minTickGap={8} />
        <YAxis allowDecimals={false} width={40} fontSize={11} />
        <Tooltip formatter={(value) => [value, 'Verified payouts']} />
        <Bar
          dataKey="count"
          name="Verified payouts"
          fill="#1f57d6"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
