import { and, asc, desc, eq, sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import {
  formatReviewCount,
  normalizeTrustRating,
  roundStars,
  trustRatingLabel,
} from '../../../domain/firm-rules';
import { formatAverageRating, formatPercent } from '../../../domain/format';
import type { Db } from '../../db/client';
import { coupons, propFirms } from '../../db/schema';
import { isCouponLive, LISTED } from '../firms/service';
import { summarizeFirmReviews } from '../reviews/service';

export interface WidgetFirm {
  name: string;
  slug: string;
  logo: string | null;
  trustRating: string | null;
  averageRating: number;
  totalReviews: number;
  coupon: { code: string; discountPercent: number | null } | null;
}

export async function getWidgetFirm(db: Db, firmId: number): Promise<WidgetFirm | null> {
  const [firm] = await db
    .select({
      id: propFirms.id,
      name: propFirms.name,
      slug: propFirms.slug,
      logo: propFirms.logo,
      trustRating: propFirms.trustRating,
    })
    .from(propFirms)
    .where(and(eq(propFirms.id, firmId), eq(propFirms.status, LISTED)))
    .limit(1);
  if (!firm) return null;
  const [summary, [coupon]] = await Promise.all([
    summarizeFirmReviews(db, firm.id),
    db
      .select({ code: coupons.code, discountPercent: coupons.discountPercent })
      .from(coupons)
      .where(and(eq(coupons.propFirmId, firm.id), isCouponLive))
      .orderBy(desc(coupons.featured), sql`${coupons.discountPercent} desc nulls last`, asc(coupons.id))
      .limit(1),
  ]);
  return {
    name: firm.name,
    slug: firm.slug,
    logo: firm.logo,
    trustRating: firm.trustRating,
    averageRating: summary.averageRating,
    totalReviews: summary.totalReviews,
    coupon: coupon ?? null,
  };
}

/** Relative upload paths must point at this site, since the widget is shown on others. */
function absoluteUrl(publicUrl: string, value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, publicUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A self-contained card: no script, styles from /widget/widget.css, links open this site. */
export function renderWidgetHtml(firm: WidgetFirm, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const name = escapeHtml(firm.name);
  const page = `${base}/firm/${encodeURIComponent(firm.slug)}`;
  const logo = absoluteUrl(base, firm.logo);
  const trust = normalizeTrustRating(firm.trustRating);
  const stars = roundStars(firm.averageRating);
  const rating = firm.totalReviews
    ? `<span class="stars" aria-hidden="true">${'★'.repeat(stars)}${'☆'.repeat(5 - stars)}</span> <strong>${formatAverageRating(firm.averageRating)}</strong> <span class="muted">(${formatReviewCount(firm.totalReviews)})</span>`
    : '<span class="muted">No reviews yet</span>';
  const coupon = firm.coupon
    ? `<p class="coupon">${firm.coupon.discountPercent ? `<strong>${formatPercent(firm.coupon.discountPercent)} off</strong> with code ` : 'Code '}<code>${escapeHtml(firm.coupon.code)}</code></p>`
    : '';
  const initials = escapeHtml(
    firm.name
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase(),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${name} on Prop Firm Club</title>
<link rel="icon" href="${base}/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${base}/widget/widget.css"></head>
<body><article class="card">
<header>${logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="" width="48" height="48">` : `<span class="logo initials" aria-hidden="true">${initials}</span>`}
<div><h1><a href="${page}" target="_blank" rel="noopener">${name}</a></h1>
<a class="badge ${trust.replace(' ', '-')}" href="${base}/methodology" target="_blank" rel="noopener" title="How we rate firms">${trustRatingLabel(firm.trustRating)}</a></div></header>
<p class="rating">${rating}</p>${coupon}
<a class="cta" href="${page}" target="_blank" rel="noopener">Read reviews on Prop Firm Club</a>
</article></body></html>`;
}

export const WIDGET_CSS = `*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#111827;background:transparent}
.card{max-width:360px;border:1px solid #e5e7eb;border-radius:12px;padding:16px;background:#fff}
header{display:flex;gap:12px;align-items:center}
.logo{width:48px;height:48px;border-radius:8px;object-fit:contain;flex:none}
.initials{display:flex;align-items:center;justify-content:center;background:#eef2ff;color:#3730a3;font-weight:700}
h1{font-size:16px;margin:0 0 4px}h1 a{color:inherit;text-decoration:none}h1 a:hover{text-decoration:underline}
.badge{display:inline-block;font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;text-decoration:none}
.approved{background:#dcfce7;color:#166534}.caution{background:#fef9c3;color:#854d0e}.avoid{background:#fee2e2;color:#991b1b}.not-tested{background:#f3f4f6;color:#374151}
.rating{margin:12px 0 0}.stars{color:#d97706;letter-spacing:1px}.muted{color:#4b5563}
.coupon{margin:8px 0 0}code{background:#f3f4f6;padding:1px 6px;border-radius:4px;font-weight:600}
.cta{display:block;margin-top:12px;text-align:center;background:#1d4ed8;color:#fff;padding:8px;border-radius:8px;text-decoration:none;font-weight:600}
.cta:hover{background:#1e40af}`;
