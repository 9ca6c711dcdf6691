// The dashboards' ranges and table sizes. No zod here: the browser's route table reads them.

/** The longest range the dashboards answer, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** The ranges offered as buttons, in days up to today (1: today alone); any other range is a custom one. */
export const ANALYTICS_PRESETS = [1, 7, 30, 90] as const;
/** How many rows each table of the dashboard shows. */
export const ANALYTICS_TOP = 20;
/**
 * The days the dashboards chart by hour, counting back from today (UTC): today and yesterday. Their
 * hourly rollups are kept; a range of one of these days answers by hour, any other by day.
 */
export const ANALYTICS_HOURLY_DAYS = 2;
