import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import escapeXml from 'escape-html';
import type { Db } from '../../db/client';
import { blogPosts, coupons, giveaways } from '../../db/schema';
import { isCouponLive, listFirmSlugs } from '../firms/service';

export interface SitemapEntry {
  path: string;
  lastmod?: Date | null;
}

/** Public pages without an entity behind them (signed-in, admin and auth pages are left out). */
export const STATIC_PATHS = [
  '/',
  '/firms',
  '/challenges',
  '/compare',
  '/methodology',
  '/blog',
  '/coupons',
  '/giveaways',
  '/verify-giveaway',
  '/earn-points',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/affiliate-disclosure',
  '/cookie-policy',
];

export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [firms, posts, deals, draws] = await Promise.all([
    listFirmSlugs(db),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.published, true),
          sql`coalesce(${blogPosts.publishDate}, ${blogPosts.createdAt}) <= now()`,
        ),
      )
      .orderBy(asc(blogPosts.slug)),
    db
      .select({
        slug: coupons.slug,
        lastmod: sql<Date>`coalesce(${coupons.lastVerifiedAt}, ${coupons.createdAt})`.mapWith(
          (v) => new Date(v as string),
        ),
      })
      .from(coupons)
      .where(and(isNotNull(coupons.slug), isCouponLive))
      .orderBy(asc(coupons.slug)),
    db
      .select({ slug: giveaways.slug, createdAt: giveaways.createdAt, completedAt: giveaways.completedAt })
      .from(giveaways)
      .orderBy(asc(giveaways.slug)),
  ]);
  const lastFirmChange = firms.reduce<Date | null>((a, f) => (!a || f.updatedAt > a ? f.updatedAt : a), null);
  return [
    ...STATIC_PATHS.map((path) => ({
      path,
      lastmod: path === '/firms' || path === '/challenges' ? lastFirmChange : null,
    })),
    ...firms.map((f) => ({ path: `/firm/${encodeURIComponent(f.slug)}`, lastmod: f.updatedAt })),
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
    ...deals.map((d) => ({ path: `/deals/${encodeURIComponent(d.slug ?? '')}`, lastmod: d.lastmod })),
    ...draws.map((g) => ({
      path: `/giveaways/${encodeURIComponent(g.slug)}`,
      lastmod: g.completedAt ?? g.createdAt,
    })),
  ];
}

export function renderSitemap(entries: SitemapEntry[], publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const urls = entries.map((e) => {
    const lastmod =
      e.lastmod && !Number.isNaN(e.lastmod.getTime()) ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(base + e.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /api/',
    'Disallow: /outbound/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
