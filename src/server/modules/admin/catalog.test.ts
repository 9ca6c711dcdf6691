import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { CatalogDocument } from '../../../domain/catalog';
import type { CatalogImportReport } from '../../../domain/catalog-diff';
import { seedDemoData } from '../../db/seed/seed-demo-data';
import type { ChangeEvent } from '../../lib/events';
import { readOutbox } from '../../lib/mailer';
import { catalogCsvFiles } from './catalog-files';

/** The demo catalog (32 firms, coupons) is the source; each test imports into an app of its own. */
let source: TestContext;
let target: TestContext;
const admins = new Map<TestContext, TestUser>();

beforeAll(async () => {
  source = await createTestApp();
  await seedDemoData(source.db);
  admins.set(source, await signUpUser(source, { prefix: 'cat-src', verified: true, admin: true }));
  target = await createTestApp();
  admins.set(target, await signUpUser(target, { prefix: 'cat-dst', verified: true, admin: true }));
}, 60_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
});

/** Another admin of `ctx` from here on: the import's rate limit (60 a minute) is per admin. */
async function freshAdmin(ctx: TestContext, prefix: string) {
  admins.set(ctx, await signUpUser(ctx, { prefix, verified: true, admin: true }));
}

const headers = (ctx: TestContext) => ({ origin: TEST_ORIGIN, cookie: admins.get(ctx)!.cookie });

async function download(
  ctx: TestContext,
  format: 'json' | 'accounts-csv' | 'coupons-csv' | 'unlisted-firms-csv',
) {
  const res = await ctx.app.inject({ url: `/api/admin/catalog?format=${format}`, headers: headers(ctx) });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
const exportAll = async (ctx: TestContext) => ({
  json: await download(ctx, 'json'),
  accounts: await download(ctx, 'accounts-csv'),
  coupons: await download(ctx, 'coupons-csv'),
  unlisted: await download(ctx, 'unlisted-firms-csv'),
});

type File = { name: string; text: string | Buffer };
const BOUNDARY = '----catalog-test-boundary';
function multipart(files: File[], fields: Record<string, string> = {}) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.text) ? file.text : Buffer.from(file.text),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const post = (
  ctx: TestContext,
  path: 'dry-run' | 'import',
  files: File[],
  fields: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/${path}`,
    headers: { ...headers(ctx), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(files, fields),
  });

async function dryRun(ctx: TestContext, files: File[], fields: Record<string, string> = {}) {
  const res = await post(ctx, 'dry-run', files, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CatalogImportReport;
}

async function importFiles(ctx: TestContext, files: File[], fields: Record<string, string> = {}) {
  const report = await dryRun(ctx, files, fields);
  expect(report.problems).toEqual([]);
  const res = await post(ctx, 'import', files, { ...fields, fingerprint: report.fingerprint });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CatalogImportReport;
}

const csvFiles = (accounts: string, coupons?: string, unlisted?: string): File[] => [
  { name: 'accounts.csv', text: accounts },
  ...(coupons === undefined ? [] : [{ name: 'coupons.csv', text: coupons }]),
  ...(unlisted === undefined ? [] : [{ name: 'unlisted-firms.csv', text: unlisted }]),
];

describe('catalog export and import', () => {
  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/catalog?format=json'],
      ['POST', '/api/admin/catalog/dry-run'],
      ['POST', '/api/admin/catalog/import'],
    ] as const) {
      const res = await source.app.inject({ method, url, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('round trip: export, import into an empty database, export again gives identical files', async () => {
    const first = await exportAll(source);
    const doc = JSON.parse(first.json) as CatalogDocument;
    expect(doc.formatVersion).toBe(1);
    expect(doc.firms.length).toBeGreaterThan(20);
    expect(doc.coupons.length).toBeGreaterThan(5);
    expect(doc.unlistedFirms.length).toBeGreaterThan(3);
    expect(first.accounts.startsWith('\uFEFFslug,name,status,')).toBe(true);
    expect(first.unlisted.startsWith('\uFEFFname,logo,assetClass,description,link,status,sortOrder\n')).toBe(
      true,
    );

    // The CSV files into one empty database, the JSON into another.
    const report = await importFiles(target, csvFiles(first.accounts, first.coupons, first.unlisted));
    expect(report.applied).toBe(true);
    expect(report.summary.firmsNew).toBe(doc.firms.length);
    expect(report.summary.couponsNew).toBe(doc.coupons.length);
    expect(report.summary.unlistedNew).toBe(doc.unlistedFirms.length);
    const second = await exportAll(target);
    expect(second.accounts).toBe(first.accounts);
    expect(second.coupons).toBe(first.coupons);
    expect(second.unlisted).toBe(first.unlisted);
    expect(second.json).toBe(first.json);

    const other = await createTestApp();
    try {
      admins.set(other, await signUpUser(other, { prefix: 'cat-other', verified: true, admin: true }));
      await importFiles(other, [{ name: 'catalog.json', text: first.json }]);
      expect(await download(other, 'json')).toBe(first.json);
      // Nothing to do the second time.
      const again = await dryRun(other, [{ name: 'catalog.json', text: first.json }]);
      expect(again.summary).toMatchObject({
        firmsNew: 0,
        firmsChanged: 0,
        firmsUnchanged: doc.firms.length,
        unlistedNew: 0,
        unlistedChanged: 0,
        unlistedUnchanged: doc.unlistedFirms.length,
      });
      expect(again.firms).toEqual([]);
      expect(again.unlistedFirms).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('reads spreadsheets as they come: semicolons, comma decimals, a byte-order mark, quoted newlines', async () => {
    const accounts = [
      '\uFEFFslug;name;status;featured;logo;shortDescription;description;website;affiliateUrl;assetType;features;tradableAssets;restrictedCountries;headquarters;ceoName;established;trustRating;ratingOverview;ratingLeadership;ratingTransparency;ratingThirdPartyReviews;ratingLongTermVision;ratingSustainability;watchOutFor;londonExpoEnabled;londonExpoUrl;payoutJunctionEnabled;payoutJunctionUrl;cashbackProvided;cashbackPercentage;accountPriceMin;accountPriceMax;fundingMin;fundingMax;platforms;payoutMethods;modelName;modelDescription;type;modelAssetType;leverage;profitSplit;payoutFrequency;minimumPayout;payoutRequirements;profitTargetPhase1;profitTargetPhase2;profitTargetPhase3;maximumDrawdown;dailyDrawdown;drawdownType;stopLossRequired;minimumTradingDays;feeRefundable;timeLimits;eaAllowed;consistencyRule;consistencyPercentage;weekendHolding;lotSizeRestrictions;newsTrading;modelFeatures;capital;price;pricingType;maxContracts;activationFee;resetPrice;disclaimer',
      `semi-firm;Semi Firm;listed;FALSE;;;"Line one\r\nLine two";;;;"Fast payouts\r\nScaling";Forex;;;;2020;trusted;;;;;;;;no;;no;;no;;;;;;Sheet Platform;;Two-Step;;;;;80;;;;8;5;;10;4,5;static;no;;no;no;no;no;;no;no;;;50000;299,5;one-time;;;;`,
    ].join('\r\n');
    // An entry of Firms Not Yet Listed named in another case, its description on two lines.
    const unlisted = [
      '\uFEFFname;logo;assetClass;description;link;status;sortOrder',
      'larkspur funding;;Futures;"Line one\r\nLine two";https://larkspur-funding.example;listing_pending;1',
      '',
    ].join('\r\n');
    const report = await dryRun(target, csvFiles(accounts, undefined, unlisted));
    expect(report.problems).toEqual([]);
    expect(report.firms).toEqual([expect.objectContaining({ slug: 'semi-firm', status: 'new' })]);
    expect(report.newPlatforms).toEqual(['Sheet Platform']);
    expect(report.unlistedFirms).toEqual([
      expect.objectContaining({
        name: 'larkspur funding',
        status: 'changed',
        changes: expect.arrayContaining([
          { field: 'name', before: 'Larkspur Funding', after: 'larkspur funding' },
          expect.objectContaining({ field: 'description', after: 'Line one\r\nLine two' }),
        ]),
      }),
    ]);
    // Nothing written by a dry run.
    const after = JSON.parse(await download(target, 'json')) as CatalogDocument;
    expect(after.firms.some((f) => f.slug === 'semi-firm')).toBe(false);
    expect(after.unlistedFirms.map((u) => u.name)).toContain('Larkspur Funding');
  });

  describe('problems: each named, and nothing changed', () => {
    let before: string;
    let accounts: string;
    let unlisted: string;
    let json: CatalogDocument;
    beforeAll(async () => {
      before = await download(target, 'json');
      accounts = await download(target, 'accounts-csv');
      unlisted = await download(target, 'unlisted-firms-csv');
      json = JSON.parse(before);
    });

    /** The dry run names the problem; the apply is refused; the catalog is as it was. */
    async function expectProblem(files: File[], at: string, message: string | RegExp) {
      const report = await dryRun(target, files);
      expect(report.problems).toContainEqual({
        at,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
      const apply = await post(target, 'import', files, { fingerprint: report.fingerprint });
      expect(apply.statusCode).toBe(400);
      expect(apply.json().code).toBe('catalog_problems');
      expect(await download(target, 'json')).toBe(before);
    }
    it('a number out of range, by row and column, in the editor’s words', async () => {
      const doc = structuredClone(json);
      doc.firms[0].fundingModels[0].dailyDrawdown = 140;
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(doc) }],
        'firms.0.fundingModels.0.dailyDrawdown',
        'Daily drawdown must be at most 100',
      );
      const csv = catalogCsvFiles(doc)['accounts.csv'];
      const { row } = editRow(csv, doc.firms[0].slug, 'slug', doc.firms[0].slug);
      await expectProblem(csvFiles(csv), `row ${row}, dailyDrawdown`, 'Daily drawdown must be at most 100');
    });

    it('a word where a number goes', async () => {
      const { csv, row } = editRow(accounts, json.firms[0].slug, 'price', 'cheap');
      await expectProblem(csvFiles(csv), `row ${row}, price`, 'Price must be a number');
    });

    it('unknown and missing columns', async () => {
      const [head, ...rest] = accounts.split('\n');
      await expectProblem(
        csvFiles([`${head},colour`, ...rest.map((r) => (r ? `${r},` : r))].join('\n')),
        'accounts.csv, column colour',
        'unknown column',
      );
      await expectProblem(
        csvFiles([head.replace(',ceoName,', ',ceo,'), ...rest].join('\n')),
        'accounts.csv, column ceoName',
        'column missing',
      );
    });

    it('unknown fields, duplicate slugs and a wrong format version in JSON', async () => {
      const extra = structuredClone(json) as unknown as { firms: Record<string, unknown>[] };
      extra.firms[1].colour = 'blue';
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(extra) }],
        'firms.1.colour',
        'unknown field',
      );
      const twice = structuredClone(json);
      twice.firms.push({ ...twice.firms[0] });
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(twice) }],
        `firms.${twice.firms.length - 1}.slug`,
        'duplicate slug: firms.0.slug has it too',
      );
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify({ ...json, formatVersion: 2 }) }],
        'formatVersion',
        'formatVersion must be 1',
      );
      await expectProblem([{ name: 'catalog.json', text: '{"firms": [' }], 'file', /^not JSON/);
    });

    it("rows of one firm that disagree, an account size listed twice, a coupon's unknown firm", async () => {
      const doc = structuredClone(json);
      const firm = doc.firms.find((f) => f.fundingModels.some((m) => m.accounts.length > 1))!;
      const model = firm.fundingModels.find((m) => m.accounts.length > 1)!;
      model.accounts[1].capital = model.accounts[0].capital;
      model.accounts[1].pricingType = model.accounts[0].pricingType;
      const index = doc.firms.indexOf(firm);
      const modelIndex = firm.fundingModels.indexOf(model);
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(doc) }],
        `firms.${index}.fundingModels.${modelIndex}.accounts.1.capital`,
        'This account size is listed twice',
      );

      const csv = accounts.split('\n');
      const rows = csv
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => line.startsWith(`${json.firms[0].slug},`));
      expect(rows.length).toBeGreaterThan(1);
      const second = rows[1];
      csv[second.i] = second.line.replace(
        `${json.firms[0].slug},${json.firms[0].name},`,
        `${json.firms[0].slug},Other Name,`,
      );
      const report = await dryRun(target, csvFiles(csv.join('\n')));
      expect(report.problems).toContainEqual({
        at: expect.stringMatching(/^row \d+, name$/),
        message: expect.stringMatching(/^differs from row \d+, the first row of the firm/),
      });

      const coupons = structuredClone(json);
      coupons.coupons[0] = { ...coupons.coupons[0], firm: 'no-such-firm' };
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(coupons) }],
        'coupons.0.firm',
        'no firm with the slug no-such-firm in the file or the catalog',
      );
      const dup = structuredClone(json);
      dup.coupons.push({ ...dup.coupons[0] });
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(dup) }],
        `coupons.${dup.coupons.length - 1}.code`,
        'duplicate coupon: coupons.0.code has the same code for the same firm',
      );
    });

    it('a not-yet-listed entry the editor would refuse, by JSON path and by row and column', async () => {
      await freshAdmin(target, 'cat-unl-a');
      const doc = structuredClone(json);
      doc.unlistedFirms[0].link = 'larkspur.example';
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(doc) }],
        'unlistedFirms.0.link',
        'Link must start with http:// or https://',
      );
      const other = structuredClone(json) as unknown as { unlistedFirms: Record<string, unknown>[] };
      other.unlistedFirms[1] = { ...other.unlistedFirms[1], status: 'maybe', colour: 'red' };
      const files = [{ name: 'catalog.json', text: JSON.stringify(other) }];
      await expectProblem(files, 'unlistedFirms.1.status', 'Choose a status');
      await expectProblem(files, 'unlistedFirms.1.colour', 'unknown field');
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify({ ...json, unlistedFirms: 'none' }) }],
        'unlistedFirms',
        'unlistedFirms must be a list',
      );

      const { csv, row } = editRow(unlisted, json.unlistedFirms[2].name, 'sortOrder', 'last');
      await expectProblem(
        csvFiles(accounts, undefined, csv),
        `unlisted-firms.csv row ${row}, sortOrder`,
        'Sort order must be a number',
      );
    });

    it('a not-yet-listed name given twice in any case; unknown and missing columns of unlisted-firms.csv', async () => {
      await freshAdmin(target, 'cat-unl-b');
      const twice = structuredClone(json);
      twice.unlistedFirms.push({
        ...twice.unlistedFirms[0],
        name: ` ${twice.unlistedFirms[0].name.toUpperCase()}`,
      });
      await expectProblem(
        [{ name: 'catalog.json', text: JSON.stringify(twice) }],
        `unlistedFirms.${twice.unlistedFirms.length - 1}.name`,
        'duplicate name: unlistedFirms.0.name has it too',
      );
      const { csv, row } = editRow(
        unlisted,
        json.unlistedFirms[1].name,
        'name',
        json.unlistedFirms[0].name.toLowerCase(),
      );
      await expectProblem(
        csvFiles(accounts, undefined, csv),
        `unlisted-firms.csv row ${row}, name`,
        'duplicate name: unlisted-firms.csv row 2, name has it too',
      );
      const rows = parse(unlisted, { bom: true }) as string[][];
      await expectProblem(
        csvFiles(accounts, undefined, stringify(rows.map((r, i) => [...r, i === 0 ? 'colour' : '']))),
        'unlisted-firms.csv, column colour',
        'unknown column',
      );
      const [head, ...rest] = unlisted.split('\n');
      await expectProblem(
        csvFiles(accounts, undefined, [head.replace(',assetClass,', ','), ...rest].join('\n')),
        'unlisted-firms.csv, column assetClass',
        'column missing',
      );
    });

    it('refuses what is not a catalog: no file, not UTF-8, too large, an apply without a dry run', async () => {
      expect((await post(target, 'dry-run', [])).statusCode).toBe(400);
      const latin1 = await post(target, 'dry-run', [
        { name: 'accounts.csv', text: Buffer.from([0x73, 0xe9, 0xff]) },
      ]);
      expect(latin1.statusCode).toBe(400);
      expect(latin1.json().code).toBe('not_utf8');
      const big = await post(target, 'dry-run', [
        { name: 'catalog.json', text: Buffer.alloc(21 * 1024 * 1024, 32) },
      ]);
      expect(big.statusCode).toBe(413);
      const noFingerprint = await post(target, 'import', [{ name: 'catalog.json', text: before }]);
      expect(noFingerprint.statusCode).toBe(400);
      expect(noFingerprint.json().code).toBe('fingerprint_missing');
      const json = await target.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/dry-run',
        headers: headers(target),
        payload: { firms: [] },
      });
      expect(json.statusCode).toBe(400);
      expect(await download(target, 'json')).toBe(before);
    });
  });

  it('a changed price: the dry run shows that change alone, the apply records it like an edit by hand', async () => {
    const doc = JSON.parse(await download(target, 'json')) as CatalogDocument;
    const firm = doc.firms.find((f) => f.status === 'listed' && f.fundingModels[0]?.accounts.length)!;
    const model = firm.fundingModels[0];
    const account = model.accounts[0];
    // A follower, to be mailed.
    const follower = await signUpUser(target, { prefix: 'cat-fol', verified: true });
    const follow = await target.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.slug}/follow`,
      headers: { origin: TEST_ORIGIN, cookie: follower.cookie },
    });
    expect(follow.statusCode).toBe(200);
    account.price = account.price + 11;
    const files = [{ name: 'catalog.json', text: JSON.stringify(doc) }];
    const report = await dryRun(target, files);
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatchObject({
      firmsNew: 0,
      firmsChanged: 1,
      ruleChanges: 1,
      followersEmailed: 1,
    });
    const key = `${account.capital} ${account.pricingType}`;
    expect(report.firms).toEqual([
      expect.objectContaining({
        slug: firm.slug,
        status: 'changed',
        changes: [
          {
            field: `fundingModels.${model.name}.accounts.${key}.price`,
            before: String(account.price - 11),
            after: String(account.price),
          },
        ],
        ruleChanges: [expect.stringContaining(`${model.name}: `)],
        followers: 1,
      }),
    ]);

    // Someone saves the firm in between: the whole import is a 409 and nothing is applied.
    const admin = await target.app.inject({
      url: `/api/admin/firms?q=${firm.slug}`,
      headers: headers(target),
    });
    const row = admin.json().firms.find((r: { slug: string }) => r.slug === firm.slug);
    const full = (
      await target.app.inject({ url: `/api/admin/firms/${row.id}`, headers: headers(target) })
    ).json();
    const { id: _i, version, createdAt: _c, updatedAt: _u, ...input } = full;
    const edit = await target.app.inject({
      method: 'PUT',
      url: `/api/admin/firms/${row.id}`,
      headers: headers(target),
      payload: { version, firm: { ...input, headquarters: 'Somewhere else' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await post(target, 'import', files, { fingerprint: report.fingerprint });
    expect(stale.statusCode).toBe(409);
    const unchanged = JSON.parse(await download(target, 'json')) as CatalogDocument;
    expect(unchanged.firms.find((f) => f.slug === firm.slug)!.fundingModels[0].accounts[0].price).toBe(
      account.price - 11,
    );

    // Put the headquarters back in the file too, then dry run and apply again.
    firm.headquarters = 'Somewhere else';
    const files2 = [{ name: 'catalog.json', text: JSON.stringify(doc) }];
    const applied = await importFiles(target, files2);
    expect(applied.applied).toBe(true);
    const history = await target.app.inject(`/api/firms/${firm.slug}/rule-changes`);
    // The history shows the change in the words the dry run gave.
    expect(history.json().map((c: { text: string }) => c.text)).toContain(report.firms[0].ruleChanges[0]);
    const audit = await target.app.inject({
      url: `/api/admin/audit?entity=firm&entityId=${row.id}`,
      headers: headers(target),
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'update',
      actorEmail: admins.get(target)!.email,
    });
    let mails: Awaited<ReturnType<typeof readOutbox>> = [];
    for (let i = 0; i < 100 && mails.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      mails = (await readOutbox(target.dataDir)).filter(
        (m) => m.to === follower.email && m.subject.includes('changed its rules'),
      );
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`${firm.name} changed its rules`);
  }, 60_000);

  it('not-yet-listed entries: new, changed field by field, unchanged; a 409 when one is saved in between; applied like an edit by hand', async () => {
    await freshAdmin(target, 'cat-unl-c');
    const exported = await download(target, 'json');
    const doc = JSON.parse(exported) as CatalogDocument;
    const [first, second] = doc.unlistedFirms;
    const entries = async () =>
      (await target.app.inject({ url: '/api/admin/unlisted-firms', headers: headers(target) })).json() as {
        id: number;
        name: string;
        version: number;
        status: string;
        sortOrder: number;
      }[];
    const stored = (await entries()).find((e) => e.name === first.name)!;
    const publicNames = async () =>
      ((await target.app.inject('/api/unlisted-firms')).json() as { name: string }[]).map((u) => u.name);
    expect(await publicNames()).not.toContain('Brand New Entry');
    const published: ChangeEvent[] = [];
    target.app.changes.subscribe((events) => published.push(...events));

    const edited = structuredClone(doc);
    edited.unlistedFirms[0] = { ...first, status: 'not_qualified', sortOrder: 42 };
    edited.unlistedFirms.push({ ...second, name: 'Brand New Entry' });
    const files = [{ name: 'catalog.json', text: JSON.stringify(edited) }];
    const report = await dryRun(target, files);
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatchObject({
      firmsChanged: 0,
      unlistedNew: 1,
      unlistedChanged: 1,
      unlistedUnchanged: doc.unlistedFirms.length - 1,
      unlistedRemoved: 0,
    });
    expect(report.unlistedFirms).toEqual([
      {
        name: first.name,
        status: 'changed',
        changes: [
          { field: 'status', before: first.status, after: 'not_qualified' },
          { field: 'sortOrder', before: String(first.sortOrder), after: '42' },
        ],
      },
      { name: 'Brand New Entry', status: 'new', changes: [] },
    ]);
    // The dry run wrote nothing.
    expect(await download(target, 'json')).toBe(exported);

    // Someone saves the entry in the editor in between: 409, nothing applied.
    const { id: _id, version, ...fields } = stored;
    const edit = await target.app.inject({
      method: 'PUT',
      url: `/api/admin/unlisted-firms/${stored.id}`,
      headers: headers(target),
      payload: { ...first, ...fields, description: 'Edited by hand', version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const byHand = published.splice(0);
    expect(byHand).toEqual([{ type: 'firm.updated' }]);
    const afterEdit = await download(target, 'json');
    const stale = await post(target, 'import', files, { fingerprint: report.fingerprint });
    expect(stale.statusCode).toBe(409);
    expect(await download(target, 'json')).toBe(afterEdit);

    // The file as edited by hand too, then dry run and apply again.
    edited.unlistedFirms[0].description = 'Edited by hand';
    published.length = 0;
    const applied = await importFiles(target, [{ name: 'catalog.json', text: JSON.stringify(edited) }]);
    expect(applied.summary).toMatchObject({ unlistedNew: 1, unlistedChanged: 1 });
    // The change events of a save and a create in the editor, nothing else.
    expect(published).toEqual([...byHand, { type: 'firm.created' }]);
    const now = await entries();
    expect(now.find((e) => e.id === stored.id)).toMatchObject({
      status: 'not_qualified',
      sortOrder: 42,
      version: version + 2,
    });
    const created = now.find((e) => e.name === 'Brand New Entry')!;
    // Each write has its audit entry, as when saved in the editor.
    const audit = async (id: number) =>
      (
        await target.app.inject({
          url: `/api/admin/audit?entity=unlisted_firm&entityId=${id}`,
          headers: headers(target),
        })
      ).json().entries;
    expect((await audit(stored.id))[0]).toMatchObject({
      action: 'update',
      actorEmail: admins.get(target)!.email,
      before: expect.objectContaining({ status: first.status, sortOrder: first.sortOrder }),
      after: expect.objectContaining({ status: 'not_qualified', sortOrder: 42 }),
    });
    expect(await audit(created.id)).toEqual([
      expect.objectContaining({
        action: 'create',
        after: expect.objectContaining({ name: 'Brand New Entry' }),
      }),
    ]);
    expect(await publicNames()).toContain('Brand New Entry');
  }, 60_000);

  it('replace mode removes not-yet-listed entries only when the file carries the list', async () => {
    await freshAdmin(target, 'cat-unl-d');
    const doc = JSON.parse(await download(target, 'json')) as CatalogDocument;
    const names = doc.unlistedFirms.map((u) => u.name);
    const gone = doc.unlistedFirms.at(-1)!;
    const { unlistedFirms: _all, ...withoutList } = doc;
    const csv = catalogCsvFiles(doc);

    // Without the list (no unlistedFirms key; no unlisted-firms.csv): left alone, even in replace mode.
    for (const files of [
      [{ name: 'catalog.json', text: JSON.stringify(withoutList) }],
      csvFiles(csv['accounts.csv'], csv['coupons.csv']),
    ]) {
      const report = await importFiles(target, files, { replace: 'true' });
      expect(report.unlistedGiven).toBe(false);
      expect(report.unlistedFirms).toEqual([]);
      expect(report.summary).toMatchObject({ unlistedRemoved: 0, unlistedUnchanged: 0, firmsRemoved: 0 });
      const after = JSON.parse(await download(target, 'json')) as CatalogDocument;
      expect(after.unlistedFirms.map((u) => u.name)).toEqual(names);
    }

    // With the list less one entry: a merge leaves it, replace lists it and removes it.
    const shorter = { ...doc, unlistedFirms: doc.unlistedFirms.slice(0, -1) };
    const files = [{ name: 'catalog.json', text: JSON.stringify(shorter) }];
    const merge = await dryRun(target, files);
    expect(merge.unlistedGiven).toBe(true);
    expect(merge.summary.unlistedRemoved).toBe(0);
    expect(merge.unlistedFirms).toEqual([]);
    const shorterCsv = catalogCsvFiles(shorter);
    const csvReport = await dryRun(
      target,
      csvFiles(shorterCsv['accounts.csv'], shorterCsv['coupons.csv'], shorterCsv['unlisted-firms.csv']),
      { replace: 'true' },
    );
    expect(csvReport.unlistedFirms).toEqual([{ name: gone.name, status: 'removed', changes: [] }]);
    const report = await importFiles(target, files, { replace: 'true' });
    expect(report.summary).toMatchObject({ unlistedRemoved: 1, unlistedUnchanged: names.length - 1 });
    expect(report.unlistedFirms).toEqual([{ name: gone.name, status: 'removed', changes: [] }]);
    const after = JSON.parse(await download(target, 'json')) as CatalogDocument;
    expect(after.unlistedFirms.map((u) => u.name)).toEqual(names.slice(0, -1));
    const audit = await target.app.inject({
      url: '/api/admin/audit?entity=unlisted_firm',
      headers: headers(target),
    });
    expect(audit.json().entries[0]).toMatchObject({ action: 'delete', summary: gone.name });
  }, 60_000);

  it('replace mode lists and removes what the file leaves out', async () => {
    const doc = JSON.parse(await download(target, 'json')) as CatalogDocument;
    const gone = doc.firms.pop()!;
    const accounts = gone.fundingModels.reduce((n, m) => n + m.accounts.length, 0);
    const files = [{ name: 'catalog.json', text: JSON.stringify(doc) }];
    const merge = await dryRun(target, files);
    expect(merge.summary.firmsRemoved).toBe(0);
    const report = await dryRun(target, files, { replace: 'true' });
    expect(report.firms).toContainEqual(
      expect.objectContaining({
        slug: gone.slug,
        status: 'removed',
        removedModels: gone.fundingModels.length,
        removedAccounts: accounts,
      }),
    );
    await importFiles(target, files, { replace: 'true' });
    const after = JSON.parse(await download(target, 'json')) as CatalogDocument;
    expect(after.firms.map((f) => f.slug)).not.toContain(gone.slug);
    expect(after.firms).toHaveLength(doc.firms.length);
  }, 60_000);
});

/**
 * A CSV file with one cell of the first row whose first cell is `first` set (a firm's first row
 * in accounts.csv by slug, an entry's in unlisted-firms.csv by name); and that row's number (the
 * header is row 1).
 */
function editRow(csv: string, first: string, column: string, value: string) {
  const rows = parse(csv.replace(/^\uFEFF/, '')) as string[][];
  const index = rows.findIndex((r) => r[0] === first);
  rows[index][rows[0].indexOf(column)] = value;
  return { csv: stringify(rows), row: index + 1 };
}
