/**
 * Every page of the route table, rendered on the server from the demo data as each visitor it is
 * for, has its data in the HTML: a query a component asks for that the page's `loader` did not
 * fetch renders a skeleton, and fails here with the page and the query's key. A page with a
 * parameter needs a sample below, or this test fails saying so.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../src/domain/render';
import { blogPosts, coupons, giveaways, propFirms } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data';
import { render } from '../../src/web/entry-server';
import { appRoutes } from '../../src/web/routes';
import { signUpUser } from '../setup/accounts';
import { createTestApp, type TestContext } from '../setup/test-app';

type Visitor = 'public' | 'user' | 'admin';

let ctx: TestContext;
const cookies: Record<Visitor, string | undefined> = { public: undefined, user: undefined, admin: undefined };
const pages: { url: string; as: Visitor }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db);
  cookies.user = (await signUpUser(ctx, { prefix: 'pdu', verified: true })).cookie;
  cookies.admin = (await signUpUser(ctx, { prefix: 'pda', verified: true, admin: true })).cookie;

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
  const giveawayRows = await ctx.db
    .select({ slug: giveaways.slug, status: giveaways.status })
    .from(giveaways)
    .orderBy(asc(giveaways.id));
  const giveawayOfEachStatus = [...new Map(giveawayRows.map((g) => [g.status, g.slug])).values()];
  const samples: Record<string, string[]> = {
    '/firm/:slug': ['', '?tab=funding', '?tab=coupons', '?tab=reviews', '?tab=payouts'].map(
      (tab) => `/firm/${firms[0].slug}${tab}`,
    ),
    '/firms': ['/firms', '/firms?market=futures&sort=name&page=2'],
    '/blog/:slug': [`/blog/${post.slug}`],
    '/deals/:slug': [`/deals/${coupon.slug}`],
    '/giveaways/:slug': giveawayOfEachStatus.map((slug) => `/giveaways/${slug}`),
    '/admin/firms/:id': [`/admin/firms/${firms[0].id}`, '/admin/firms/new'],
    '/admin/coupons/:id': [`/admin/coupons/${coupon.id}`, '/admin/coupons/new'],
    '/admin/posts/:id': [`/admin/posts/${post.id}`, '/admin/posts/new'],
    '/admin/firm-analytics/:id': [`/admin/firm-analytics/${firms[0].id}?days=7`],
    '/admin/payout-reports': ['/admin/payout-reports', '/admin/payout-reports?filter=approved&page=2'],
    '/compare': ['/compare', `/compare?firms=${firms[0].slug},${firms[1].slug}`],
    '/verify-giveaway': [
      '/verify-giveaway',
      ...giveawayOfEachStatus.map((s) => `/verify-giveaway?slug=${s}`),
    ],
    '*': ['/no-such-page'],
  };
  for (const route of appRoutes) {
    const urls = samples[route.path] ?? (route.path.includes(':') ? [] : [route.path]);
    if (!urls.length) throw new Error(`tests/unit/page-data.test.ts needs a sample URL for ${route.path}`);
    for (const url of urls) {
      pages.push({ url, as: route.access });
      // A public page may show a signed-in visitor more: their entry, their review, their points.
      if (route.access === 'public') pages.push({ url, as: 'user' });
    }
  }
}, 180_000);
afterAll(() => ctx?.close());

/** The API as the page renderer calls it: in-process, with the visitor's cookies. */
const fetchApiAs =
  (as: Visitor) =>
  async (path: string): Promise<ApiResponse> => {
    const cookie = cookies[as];
    const res = await ctx.app.inject({ url: path, headers: cookie ? { cookie } : {} });
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      text: res.body,
      tags: [],
    };
  };

describe('the server render of every page', () => {
  it('has every query the page asks for loaded before it renders', async () => {
    const missing: string[] = [];
    for (const page of pages) {
      const result = await render({
        url: page.url,
        config: { publicUrl: 'http://localhost', showAdminLink: true },
        fetchApi: fetchApiAs(page.as),
      });
      expect(result.redirect, `${page.url} as ${page.as}`).toBeUndefined();
      expect([200, 404], `${page.url} as ${page.as}`).toContain(result.status);
      for (const key of result.missingData ?? []) missing.push(`${page.url} as ${page.as}: ${key}`);
    }
    expect(pages.length).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  }, 300_000);
});
