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

const trimZeros = (text: string) => text.replace(/\.0+$|(\.\d*?)0+$/, '$1');

/**
 * `format` with its answers kept, for formats a page calls for many figures (every card's prices
 * and sizes): the same figures come back across cards and pages, and `Intl` and the regular
 * expressions were a visible part of a card list's render in CPU profiles. Starts afresh past
 * `max` numbers.
 */
function remembered(format: (n: number) => string, max = 10_000): (n: number) => string {
  const known = new Map<number, string>();
  return (n) => {
    let text = known.get(n);
    if (text === undefined) {
      if (known.size >= max) known.clear();
      text = format(n);
      known.set(n, text);
    }
    return text;
  };
}

/**
 * Counts of 1000 or more as K, one decimal below 10K. Truncated, not rounded, so a count is
 * never overstated (9,999 shows as 9.9K).
 */
export const formatCount = remembered((n) => {
  if (n < 1000) return String(Math.trunc(n));
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toFixed(1)}K`;
  return `${Math.floor(n / 1000).toLocaleString('en-US')}K`;
});

/** Funding amounts as $K or $M ($2.5M, $100K, $500). */
export const formatFunding = remembered((n) => {
  if (n >= 1_000_000) return `$${trimZeros((n / 1_000_000).toFixed(2))}M`;
  if (n >= 1000) return `$${trimZeros((n / 1000).toFixed(1))}K`;
  return `$${n}`;
});

// Built once: `toLocaleString` with options builds a new formatter on every call, which made
// prices the most expensive part of a firm page's server render.
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Prices with $: whole dollars without cents, otherwise two decimals. */
export const formatPrice = remembered((n) => `$${(Number.isInteger(n) ? WHOLE_DOLLARS : CENTS).format(n)}`);

/** Percentages without decimals when whole, else one decimal. */
export function formatPercent(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return Number.isInteger(rounded) ? `${rounded}%` : `${rounded.toFixed(1)}%`;
}

export const formatLeverage = (n: number) => `1:${n}`;

export const formatAverageRating = (average: number) => average.toFixed(1);

/**
 * Cuts text to at most `max` characters, ending with `ellipsis` when cut. The cut falls between
 * words when a space sits in the last fifth of the room, so a preview never ends 'is in i…'.
 */
export function truncateText(text: string, max: number, ellipsis = '…'): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const endsAtWord = /[\s,.;:!?-]/.test(clean[max - 1]);
  const space = room.lastIndexOf(' ');
  const cut = endsAtWord || space < (max - 1) * 0.8 ? room : room.slice(0, space);
  return `${cut.trimEnd().replace(/[,;:.-]+$/, '')}${ellipsis}`;
}
