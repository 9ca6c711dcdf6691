/**
 * Every page of the route table, rendered on the server from the demo data as each visitor it is
 * for, has its data in the HTML: a query a component asks for that the page's `loader` did not
 * fetch renders a skeleton, and fails here with the page and the query's key. A page with a
 * parameter needs a sample (tests/setup/page-samples.ts), or this test fails saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../src/domain/render';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data';
import { render } from '../../src/web/entry-server';
import { demoPageSamples, routePages, type Visitor, visitorCookies } from '../setup/page-samples';
import { createTestApp, type TestContext } from '../setup/test-app';

let ctx: TestContext;
let cookies: Record<Visitor, string | undefined>;
const pages: { url: string; as: Visitor }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db);
  cookies = await visitorCookies(ctx, 'pd');
  const samples = await demoPageSamples(ctx);
  const extra: Record<string, string[]> = {
    '/firms': ['/firms', '/firms?market=futures&sort=name&page=2'],
    '/admin/change-requests': ['/admin/change-requests', '/admin/change-requests?status=rejected'],
    '/admin/payout-reports': ['/admin/payout-reports', '/admin/payout-reports?filter=approved&page=2'],
    '/compare': ['/compare', ...samples['/compare']],
  };
  for (const page of routePages({ ...samples, ...extra }, 'tests/unit/page-data.test.ts')) {
    pages.push(page);
    // A public page may show a signed-in visitor more: their entry, their review, their points.
    if (page.as === 'public') pages.push({ url: page.url, as: 'user' });
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
