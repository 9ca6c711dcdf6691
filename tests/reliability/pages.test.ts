/**
 * Third-party checks of every page type, server-rendered from the demo data as the visitor it is
 * for (anonymous, a signed-in trader, an admin): the Nu Html Checker (vnu-jar) reports no error;
 * every JSON-LD block parses, names a schema.org type and uses only types and properties of
 * schema.org's vocabulary; every internal link of every page leads
 * somewhere (no 404 or 5xx). A new page joins by being in the route table (src/web/routes.ts); a
 * page with a parameter needs a sample below, or this test fails saying so.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Validator from '@adobe/structured-data-validator';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vnuJar from 'vnu-jar';
import { blogPosts, coupons, giveaways, propFirms } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data';
import { appRoutes } from '../../src/web/routes';
import { signUpUser } from '../setup/accounts';
import { createTestApp, type TestContext } from '../setup/test-app';
import { loadSchemaOrgVocabulary } from './lib/schema-org-vocabulary';

let ctx: TestContext;
const cookies: Record<'public' | 'user' | 'admin', string | undefined> = {
  public: undefined,
  user: undefined,
  admin: undefined,
};
/** Each page to check: its URL and who asks for it. */
const pages: { url: string; as: 'public' | 'user' | 'admin' }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { pages: 'production' });
  await seedDemoData(ctx.db);
  cookies.user = (await signUpUser(ctx, { prefix: 'pgu', verified: true })).cookie;
  cookies.admin = (await signUpUser(ctx, { prefix: 'pga', verified: true, admin: true })).cookie;

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
  const giveawayOfEachStatus = [...new Map(giveawayRows.map((g) => [g.status, g.slug])).values()];
  expect(new Set(giveawayRows.map((g) => g.status))).toContain('completed');
  // The sample of each parameter, by the route that takes it.
  const samples: Record<string, string[]> = {
    '/firm/:slug': ['', '?tab=funding', '?tab=coupons', '?tab=reviews', '?tab=payouts'].map(
      (tab) => `/firm/${firms[0].slug}${tab}`,
    ),
    '/blog/:slug': [`/blog/${post.slug}`],
    '/deals/:slug': [`/deals/${coupon.slug}`],
    '/giveaways/:slug': giveawayOfEachStatus.map((slug) => `/giveaways/${slug}`),
    '/admin/firms/:id': [`/admin/firms/${firms[0].id}`, '/admin/firms/new'],
    '/admin/coupons/:id': [`/admin/coupons/${coupon.id}`, '/admin/coupons/new'],
    '/admin/posts/:id': [`/admin/posts/${post.id}`, '/admin/posts/new'],
    '/admin/firm-analytics/:id': [
      `/admin/firm-analytics/${firms[0].id}?days=7`,
      '/admin/firm-analytics/999999',
    ],
    '/compare': [`/compare?firms=${firms[0].slug},${firms[1].slug}`],
    // The form alone, and a giveaway's record checked.
    '/verify-giveaway': [
      '/verify-giveaway',
      ...giveawayOfEachStatus.map((slug) => `/verify-giveaway?slug=${slug}`),
    ],
    '*': ['/no-such-page'],
  };
  for (const route of appRoutes) {
    const urls = samples[route.path] ?? (route.path.includes(':') ? [] : [route.path]);
    if (!urls.length) throw new Error(`tests/reliability/pages.test.ts needs a sample URL for ${route.path}`);
    for (const url of urls) pages.push({ url, as: route.access });
  }
  // The home differs for a signed-in trader.
  pages.push({ url: '/', as: 'user' });
}, 180_000);
afterAll(() => ctx?.close());

const get = (url: string, as: 'public' | 'user' | 'admin') => {
  const cookie = cookies[as];
  return ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
};

describe('every page type, as the visitor it is for', () => {
  it('is valid HTML by the Nu Html Checker', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pfc-vnu-'));
    const files: string[] = [];
    for (const [i, page] of pages.entries()) {
      const res = await get(page.url, page.as);
      expect([200, 404], `${page.url} as ${page.as}`).toContain(res.statusCode);
      const file = path.join(dir, `${i}.html`);
      writeFileSync(file, res.body);
      files.push(file);
    }
    const run = await promisify(execFile)(
      'java',
      ['-jar', String(vnuJar), '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(run.stderr || '{"messages":[]}') as {
      messages: { type: string; url: string; message: string; extract?: string }[];
    };
    const errors = report.messages
      .filter((m) => m.type === 'error')
      .map((m) => {
        const page = pages[Number(path.basename(m.url).replace(/\D/g, ''))];
        return `${page.url} (${page.as}): ${m.message} ${m.extract ? `in ${m.extract.trim().slice(0, 120)}` : ''}`;
      });
    expect(errors).toEqual([]);
  }, 300_000);

  it('has JSON-LD that parses, uses schema.org types and properties, and meets the rich-result rules of its type', async () => {
    const problems: string[] = [];
    // With schema.org's vocabulary, unknown types (errors) and properties (warnings) are found too.
    const validator = new Validator(loadSchemaOrgVocabulary());
    let blocks = 0;
    for (const page of pages.filter((p) => p.as === 'public')) {
      const html = (await get(page.url, page.as)).body;
      for (const [, json] of html.matchAll(
        /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g,
      )) {
        blocks += 1;
        try {
          const data = JSON.parse(json) as { '@context'?: string; '@type'?: string };
          if (data['@context'] !== 'https://schema.org' || !data['@type'])
            problems.push(`${page.url}: ${json.slice(0, 80)}`);
          // @adobe/structured-data-validator: the required and recommended fields of each type
          // (Organization, Review, AggregateRating, Offer, BreadcrumbList ...), nested ones too.
          const issues = await validator.validate({ jsonld: { [String(data['@type'])]: [data] } });
          for (const issue of issues.filter((i) => i.severity === 'ERROR' || i.errorType === 'schemaOrg')) {
            const where = issue.path.map((p) => p.property ?? p.type).join(' > ');
            problems.push(`${page.url}: ${where}: ${issue.issueMessage}`);
          }
        } catch {
          problems.push(`${page.url}: does not parse`);
        }
      }
    }
    expect(blocks).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });

  it('links only to pages that exist', async () => {
    const links = new Map<string, string>();
    for (const page of pages) {
      const html = (await get(page.url, page.as)).body;
      for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#]*)/g)) {
        const target = href.replaceAll('&amp;', '&');
        if (!links.has(`${page.as} ${target}`)) links.set(`${page.as} ${target}`, page.url);
      }
    }
    const broken: string[] = [];
    for (const [key, from] of links) {
      const [as, target] = key.split(' ') as ['public' | 'user' | 'admin', string];
      const res = await get(target, as);
      if (res.statusCode === 404 || res.statusCode >= 500)
        broken.push(`${target} (linked from ${from} as ${as}): ${res.statusCode}`);
    }
    expect(links.size).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  }, 300_000);
});
