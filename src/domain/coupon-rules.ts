const DAY_MS = 86_400_000;
export const ENDING_SOON_DAYS = 7;
export const COPY_FEEDBACK_MS = 3000;
export const DEFAULT_COUPON_DESCRIPTION = 'Exclusive discount available';
/** The success rate is shown only once it means something. */
export const MIN_VOTES_FOR_RATE = 5;

type Expiring = { expiryDate: string | null };

function expiryTime(coupon: Expiring): number | null {
  if (!coupon.expiryDate) return null;
  const t = new Date(coupon.expiryDate).getTime();
  return Number.isNaN(t) ? null : t;
}

export function isCouponExpired(coupon: Expiring, now: Date = new Date()): boolean {
  const t = expiryTime(coupon);
  return t !== null && t < now.getTime();
}

export function isCouponEndingSoon(coupon: Expiring, now: Date = new Date()): boolean {
  const t = expiryTime(coupon);
  if (t === null) return false;
  const diff = t - now.getTime();
  return diff >= 0 && diff <= ENDING_SOON_DAYS * DAY_MS;
}

/** Days left as the list shows them: the ceiling of the difference, clamped to 0-7. */
export function countDaysLeft(coupon: Expiring, now: Date = new Date()): number | null {
  const t = expiryTime(coupon);
  if (t === null) return null;
  const days = Math.ceil((t - now.getTime()) / DAY_MS);
  return Math.min(ENDING_SOON_DAYS, Math.max(0, days));
}

/** The number of the first 'N%' in the text, e.g. 'Save 20% now' -> 20. */
export function parsePercentOff(text: string | null | undefined): number | null {
  const match = text?.match(/(\d+(?:\.\d+)?)\s*%/);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isFinite(value) ? value : null;
}

/** The deal page's percent: the stored discountPercent, else parsed from the description. */
export function resolvePercentOff(coupon: {
  discountPercent: number | null;
  description: string | null;
}): number | null {
  return coupon.discountPercent ?? parsePercentOff(coupon.description);
}

type Imaged = {
  image: string | null;
  logo: string | null;
  firmName: string | null;
  title?: string | null;
  propFirm: { name: string; logo: string | null } | null;
};

/** Image candidates in fallback order: image, logo, firm logo. Empty strings are skipped. */
export function listCouponImages(coupon: Imaged): string[] {
  const candidates = [coupon.image, coupon.logo, coupon.propFirm?.logo];
  return candidates.filter((c): c is string => typeof c === 'string' && c.trim() !== '');
}

export function couponFirmName(coupon: Imaged): string {
  return coupon.propFirm?.name || coupon.firmName || coupon.title || 'Deal';
}

/** Two-letter initials, the last fallback when no image loads. */
export function makeInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

/** Case-insensitive search over the firm name and the description. */
export function matchesCouponSearch(coupon: Imaged & { description: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    couponFirmName(coupon).toLowerCase().includes(q) || (coupon.description ?? '').toLowerCase().includes(q)
  );
}

export function formatSuccessRate(votes: { worked: number; total: number }): string | null {
  if (votes.total < MIN_VOTES_FOR_RATE) return null;
  return `${Math.round((votes.worked / votes.total) * 100)}%`;
}

/** The price after a percentage coupon, to the cent. */
export function applyDiscount(price: number, discountPercent: number | null | undefined): number {
  if (!discountPercent || discountPercent <= 0) return price;
  return Math.round(price * (1 - Math.min(discountPercent, 100) / 100) * 100) / 100;
}

/** The live coupon with the highest discount, or null. */
export function bestActiveCoupon<
  T extends { isActive: boolean; expiryDate: string | null; discountPercent: number | null },
>(coupons: readonly T[], now: Date): T | null {
  let best: T | null = null;
  for (const c of coupons) {
    const live = c.isActive && (!c.expiryDate || new Date(c.expiryDate).getTime() > now.getTime());
    if (live && (c.discountPercent ?? 0) > (best?.discountPercent ?? -1)) best = c;
  }
  return best;
}

export function activeCoupons<T extends { isActive: boolean; expiryDate: string | null }>(
  coupons: readonly T[],
  now: Date,
): T[] {
  return coupons.filter(
    (c) => c.isActive && (!c.expiryDate || new Date(c.expiryDate).getTime() > now.getTime()),
  );
}
