import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice } from '../../../domain/format';
import type { PriceHistory } from '../../../domain/saved-searches';

/**
 * An account's list price and price after coupon over 12 months as two step lines (recharts, SVG,
 * loaded only in a browser once the Funding tab shows it). The same facts are written out under
 * it for screen readers, so the chart takes no focus.
 */
export function PriceChart({ history, now }: { history: PriceHistory; now: number }) {
  const start = now - 365 * 86_400_000;
  const points = history.points.map((p) => ({
    time: Math.max(start, new Date(p.recordedAt).getTime()),
    listPrice: p.listPrice,
    priceAfterCoupon: p.priceAfterCoupon,
  }));
  const last = points.at(-1);
  if (last) points.push({ ...last, time: now });
  const day = (time: number) =>
    new Date(time).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="time"
          type="number"
          domain={[start, now]}
          tickFormatter={day}
          fontSize={11}
          minTickGap={24}
        />
        <YAxis
          width={56}
          fontSize={11}
          tickFormatter={(v: number) => formatPrice(v)}
          domain={['auto', 'auto']}
        />
        <Tooltip
          labelFormatter={(v) => new Date(Number(v)).toLocaleDateString('en-US', { timeZone: 'UTC' })}
          formatter={(value) => formatPrice(Number(value))}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="stepAfter"
          dataKey="listPrice"
          name="List price"
          stroke="#94a3b8"
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="stepAfter"
          dataKey="priceAfterCoupon"
          name="After coupon"
          stroke="#1f57d6"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
