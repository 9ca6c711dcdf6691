const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Dates are formatted in UTC so the server-rendered HTML and the hydrated page agree whatever
 * the visitor's time zone.
 */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'MMM d', used for coupon expiry. */
export function formatMonthDay(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** A name's possessive: "Northbridge Capital Traders'" for a name ending in s, else "Apex's". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** A count with its noun, singular for one: "1 use", "3 uses". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
