import { useEffect, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonthDay } from '../../../domain/format';

export interface SeriesLine<Row> {
  key: keyof Row & string;
  label: string;
  color: string;
}

/**
 * A series by day as an SVG line chart (recharts, loaded only by the admin pages). The figures are
 * also in the tables and CSV beside it; the chart's label says what it shows.
 */
export function SeriesChart<Row extends { day: string }>({
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
  return (
    <div className="h-72 w-full" role="img" aria-label={label}>
      {mounted ? (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis
              dataKey="day"
              tickFormatter={(d: string) => formatMonthDay(`${d}T00:00:00Z`)}
              minTickGap={24}
              fontSize={12}
            />
            <YAxis allowDecimals={false} width={48} fontSize={12} />
            <Tooltip labelFormatter={(d) => formatMonthDay(`${String(d)}T00:00:00Z`)} />
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
