import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, propFirms } from '../../db/schema';

export interface OutboundTarget {
  url: string;
  propFirmId: number | null;
  couponId: number | null;
}

/** Only absolute http(s) URLs leave the site: a stored 'javascript:' or relative value never does. */
function safeUrl(...candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      // The stored text as the admin wrote it, unless it holds characters a header cannot carry.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
      return /[\s\u0000-\u001f\u007f]/.test(value) ? url.href : value;
    } catch {
      // not a URL: try the next one
    }
  }
  return null;
}

/** A firm by slug, or by id when all digits: its affiliate URL, else its website. */
export async function findFirmTarget(db: Db, slugOrId: string): Promise<OutboundTarget | null> {
  const byId = /^\d{1,9}$/.test(slugOrId);
  const [firm] = await db
    .select({ id: propFirms.id, affiliateUrl: propFirms.affiliateUrl, website: propFirms.website })
    .from(propFirms)
    .where(byId ? eq(propFirms.id, Number(slugOrId)) : eq(propFirms.slug, slugOrId))
    .limit(1);
  const url = firm && safeUrl(firm.affiliateUrl, firm.website);
  return url ? { url, propFirmId: firm.id, couponId: null } : null;
}

/** A coupon's own affiliate URL, else its firm's affiliate URL, else the firm's website. */
export async function findCouponTarget(db: Db, couponId: number): Promise<OutboundTarget | null> {
  const [row] = await db
    .select({
      id: coupons.id,
      affiliateUrl: coupons.affiliateUrl,
      propFirmId: coupons.propFirmId,
      firmAffiliateUrl: propFirms.affiliateUrl,
      firmWebsite: propFirms.website,
    })
    .from(coupons)
    .leftJoin(propFirms, eq(propFirms.id, coupons.propFirmId))
    .where(eq(coupons.id, couponId))
    .limit(1);
  const url = row && safeUrl(row.affiliateUrl, row.firmAffiliateUrl, row.firmWebsite);
  return url ? { url, propFirmId: row.propFirmId, couponId: row.id } : null;
}
