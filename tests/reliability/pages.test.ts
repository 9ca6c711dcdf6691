/**
 * Third-party checks of every page type, server-rendered from the demo data as the visitor it is
 * for (anonymous, a signed-in trader, an admin): the Nu Html Checker (vnu-jar) reports no error;
 * every JSON-LD block parses, names a schema.org type and uses only types and properties of
 * schema.org's vocabulary; every internal link of every page leads
 * somewhere (no 404 or 5xx). A new page joins by being in the route table (src/web/routes.ts); a
 * page with a parameter needs a sample in tests/setup/page-samples.ts, or this test fails saying so.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Validator from '@adobe/structured-data-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vnuJar from 'vnu-jar';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data';
import { demoPageSamples, routePages, type Visitor, visitorCookies } from '../setup/page-samples';
import { createTestApp, type TestContext } from '../setup/test-app';
import { loadSchemaOrgVocabulary } from './lib/schema-org-vocabulary';

let ctx: TestContext;
let cookies: Record<Visitor, string | undefined>;
/** Each page to check: its URL and who asks for it. */
const pages: { url: string; as: Visitor }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { pages: 'production' });
  await seedDemoData(ctx.db);
  cookies = await visitorCookies(ctx, 'pg');
  const samples = await demoPageSamples(ctx);
  // An analytics page of a firm that does not exist, too.
  samples['/admin/firm-analytics/:id'].push('/admin/firm-analytics/999999');
  pages.push(...routePages(samples, 'tests/reliability/pages.test.ts'));
  // The home differs for a signed-in trader.
  pages.push({ url: '/', as: 'user' });
}, 180_000);
afterAll(() => ctx?.close());

const get = (url: string, as: Visitor) => {
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
      const [as, target] = key.split(' ') as [Visitor, string];
      const res = await get(target, as);
      if (res.statusCode === 404 || res.statusCode >= 500)
        broken.push(`${target} (linked from ${from} as ${as}): ${res.statusCode}`);
    }
    expect(links.size).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  }, 300_000);
});
