import { and, asc, eq } from 'drizzle-orm';
import { blogPosts, coupons, giveaways, propFirms } from '../../src/server/db/schema';
import { appRoutes } from '../../src/web/routes';
import { signUpUser } from './accounts';
import type { TestContext } from './test-app';

/**
 * What the tests that render every page of the route table share (tests/unit/page-data.test.ts,
 * tests/reliability/pages.test.ts): the visitors, and a sample URL for each route with a parameter,
 * from the demo data.
 */

export type Visitor = 'public' | 'user' | 'admin';

/** A verified trader's and an admin's session cookies (signed up as `<prefix>u…`, `<prefix>a…`). */
export async function visitorCookies(
  ctx: TestContext,
  prefix: string,
): Promise<Record<Visitor, string | undefined>> {
  const user = await signUpUser(ctx, { prefix: `${prefix}u`, verified: true });
  const admin = await signUpUser(ctx, { prefix: `${prefix}a`, verified: true, admin: true });
  return { public: undefined, user: user.cookie, admin: admin.cookie };
}

/** The sample URLs of each route with a parameter, by its path, from the demo data (seeded before). */
export async function demoPageSamples(ctx: TestContext): Promise<Record<string, string[]>> {
  const firms = await ctx.db
    .select({ id: propFirms.id, slug: propFirms.slug })
    .from(propFirms)
    .where(eq(propFirms.status, 'listed'))
    .orderBy(asc(propFirms.id))
    .limit(2);
  const [post] = await ctx.db
    .select({ id: blogPosts.id, slug: blogPosts.slug })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .limit(1);
  const [coupon] = await ctx.db
    .select({ id: coupons.id, slug: coupons.slug })
    .from(coupons)
    .where(and(eq(coupons.isActive, true)))
    .limit(1);
  // A giveaway of every status the demo data has (open, completed ...): each shows other cards.
  const giveawayRows = await ctx.db
    .select({ slug: giveaways.slug, status: giveaways.status })
    .from(giveaways)
    .orderBy(asc(giveaways.id));
  if (!giveawayRows.some((g) => g.status === 'completed'))
    throw new Error('The demo data has no completed giveaway to render');
  const giveawayOfEachStatus = [...new Map(giveawayRows.map((g) => [g.status, g.slug])).values()];
  return {
    '/firm/:slug': ['', '?tab=funding', '?tab=coupons', '?tab=reviews', '?tab=payouts'].map(
      (tab) => `/firm/${firms[0].slug}${tab}`,
    ),
    '/blog/:slug': [`/blog/${post.slug}`],
    '/deals/:slug': [`/deals/${coupon.slug}`],
    '/giveaways/:slug': giveawayOfEachStatus.map((slug) => `/giveaways/${slug}`),
    '/admin/firms/:id': [`/admin/firms/${firms[0].id}`, '/admin/firms/new'],
    '/admin/coupons/:id': [`/admin/coupons/${coupon.id}`, '/admin/coupons/new'],
    '/admin/posts/:id': [`/admin/posts/${post.id}`, '/admin/posts/new'],
    '/admin/firm-analytics/:id': [`/admin/firm-analytics/${firms[0].id}?days=7`],
    '/compare': [`/compare?firms=${firms[0].slug},${firms[1].slug}`],
    '/firm-console/:slug': [`/firm-console/${firms[0].slug}`],
    // The form alone, and a giveaway's record checked.
    '/verify-giveaway': [
      '/verify-giveaway',
      ...giveawayOfEachStatus.map((slug) => `/verify-giveaway?slug=${slug}`),
    ],
    '*': ['/no-such-page'],
  };
}

/**
 * Every route of the route table as the visitor it is for: its samples, or its path when it has no
 * parameter. A route with a parameter and no sample stops `file` saying so.
 */
export function routePages(samples: Record<string, string[]>, file: string): { url: string; as: Visitor }[] {
  return appRoutes.flatMap((route) => {
    const urls = samples[route.path] ?? (route.path.includes(':') ? [] : [route.path]);
    if (!urls.length) throw new Error(`${file} needs a sample URL for ${route.path}`);
    // The firm console opens for the firm's representatives and admins: the sample user represents none.
    const as: Visitor = route.path === '/firm-console/:slug' ? 'admin' : route.access;
    return urls.map((url) => ({ url, as }));
  });
}
