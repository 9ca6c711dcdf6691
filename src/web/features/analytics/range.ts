import { ANALYTICS_PRESETS } from '../../../domain/analytics-rules';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface AnalyticsRange {
  from: string;
  to: string;
  /** The preset it is (today, or 7, 30, 90 days up to today), or null for a custom range. */
  preset: (typeof ANALYTICS_PRESETS)[number] | null;
}

/**
 * The dashboards' range from the address: `?days=1|7|30|90` (30 unless given) up to today (UTC), or
 * a custom `?from=&to=`. The server checks the range again (src/domain/admin-analytics.ts).
 */
export function parseAnalyticsRange(search: URLSearchParams, now = Date.now()): AnalyticsRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to)) return { from, to, preset: null };
  const asked = Number(search.get('days'));
  const days = ANALYTICS_PRESETS.find((d) => d === asked) ?? 30;
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now), preset: days };
}

export const rangeQuery = (range: AnalyticsRange) => `from=${range.from}&to=${range.to}`;

/** The change from the period before, in percent; null when there was nothing before. */
export function changePercent(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

/** The range as the address says it (`days=7`, or `from=&to=` for a custom one), for links between the dashboards. */
export const rangeSearch = (range: AnalyticsRange) =>
  range.preset ? `days=${range.preset}` : rangeQuery(range);

/** A preset's button label: "Today" for one day, else its number of days. */
export const presetLabel = (days: number) => (days === 1 ? 'Today' : `${days} days`);

/** A series row's hour as the tables and the chart show it ("09:00", UTC); its day without one. */
export const periodLabel = ({ day, hour }: { day: string; hour: number | null }) =>
  hour == null ? day : `${String(hour).padStart(2, '0')}:00`;
