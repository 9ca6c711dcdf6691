// Giveaway rules shared by server and browser, without zod (they reach page chunks).

/** The longest social handle an entry keeps, after trimming. */
export const SOCIAL_HANDLE_MAX = 64;
/** Spec section 9: the entry list shows the first 16 characters of each entry hash. */
export const ENTRY_HASH_PREVIEW = 16;

interface StatusAndEnd {
  status: string;
  endDate: string;
}

/** Spec section 4: open only if status is active and the end date is in the future. */
export function isGiveawayOpen(g: StatusAndEnd, now = Date.now()): boolean {
  return g.status === 'active' && new Date(g.endDate).getTime() > now;
}

/** Spec section 2 card badge: 'Active' when open, 'Ended' for completed, otherwise the raw status. */
export function giveawayBadge(g: StatusAndEnd, now = Date.now()): string {
  if (isGiveawayOpen(g, now)) return 'Active';
  if (g.status === 'completed') return 'Ended';
  return g.status;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Spec section 9: long US dates with time for giveaways, e.g. 'November 25, 2026 at 3:05 PM UTC'.
 * In UTC, so the server's HTML and the hydrated page agree in every time zone.
 */
export function formatGiveawayDate(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getUTCHours();
  const hour = h % 12 === 0 ? 12 : h % 12;
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} at ${hour}:${minutes} ${
    h < 12 ? 'AM' : 'PM'
  } UTC`;
}

/** 'Winner Announced' or 'N Winners Announced' (spec section 2). */
export const winnersHeading = (count: number) =>
  count === 1 ? 'Winner Announced' : `${count} Winners Announced`;
