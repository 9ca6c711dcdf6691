import { useEffect, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonthDay } from '../../../domain/format';
import { periodLabel } from './range';

export interface SeriesLine<Row> {
  key: keyof Row & string;
  label: string;
  color: string;
}

/**
 * A series by day, or by hour of one day, as an SVG line chart (recharts, loaded only by the admin
 * pages). The figures are also in the tables and CSV beside it; the chart's label says what it shows.
 */
export function SeriesChart<Row extends { day: string; hour: number | null }>({
  rows,
  lines,
  label,
}: {
  rows: Row[];
  lines: SeriesLine<Row>[];
  label: string;
}) {
  // Drawn in the browser only: its size comes from the page's layout, which the server cannot know.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const points = rows.map((row) => ({
    ...row,
    tick: row.hour == null ? formatMonthDay(`${row.day}T00:00:00Z`) : periodLabel(row),
    title:
      row.hour == null
        ? formatMonthDay(`${row.day}T00:00:00Z`)
        : `${formatMonthDay(`${row.day}T00:00:00Z`)}, ${periodLabel(row)} UTC`,
  }));
  return (
    <div className="h-72 w-full" role="img" aria-label={label}>
      {mounted ? (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="tick" minTickGap={24} fontSize={12} />
            <YAxis allowDecimals={false} width={48} fontSize={12} />
            <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.title ?? ''} />
            <Legend />
            {lines.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.label}
                stroke={line.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}
