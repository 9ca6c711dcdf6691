/**
 * Stored XSS in a real browser: the XSS corpus (tests/fixtures/xss-corpus.ts) is written through
 * every field a trader, a firm's representative or an admin can fill (through the API, quickly),
 * then every page that shows those fields is opened in Chromium with a hook that records any
 * script execution: a call of alert/confirm/prompt (what every payload of the corpus calls), a
 * dialog, a request to the corpus's hostile hosts, and any Content-Security-Policy violation (a
 * payload that reached the page and was stopped only by the CSP still means the sanitiser or the
 * escaping failed).
 * Property: 0 of them, on pages that do show the stored text. Desktop only: the width changes
 * nothing here. A new writable field joins by being filled in `writeEverything` below, and the
 * page that shows it by being in `pagesToOpen`.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { emptyCoupon } from '../../src/domain/admin-content';
import { type AdminFirm, emptyFirm, emptyFundingModel } from '../../src/domain/admin-firms';
import { emptyPost } from '../../src/domain/admin-posts';
import { XSS_CORPUS } from '../fixtures/xss-corpus';
import {
  expect,
  makeRepresentative,
  newTrader,
  presetCookieConsent,
  signInAsAdmin,
  test,
  verificationLink,
} from './fixtures';

test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'one width is enough: the stored data and the pages are the same');

const ALL = XSS_CORPUS.join('\n');
/**
 * The entries without a link: a review or a reply with one is held for a moderator, and the pages
 * show only published ones to the public.
 */
const WITHOUT_LINKS = XSS_CORPUS.filter((entry) => !/https?:|www\./i.test(entry));
/** As many entries of `corpus` as fit in `max` characters, starting at entry `from` (wrapping round). */
function pack(max: number, from = 0, corpus: readonly string[] = XSS_CORPUS): string {
  let out = '';
  for (let i = 0; i < corpus.length; i++) {
    const next = corpus[(from + i) % corpus.length];
    if (out.length + next.length + 1 > max) break;
    out += (out ? ' ' : '') + next;
  }
  return out;
}
/** Entries that close a script element or an attribute: what breaks JSON-LD and meta tags. */
const BREAKOUT = '"></script><script>alert(1)</script>';

const run = Date.now().toString(36);
/** The XSS firm's website domain: its representative's work address is at it. */
const firmDomain = `xss-${run}.example.com`;
const firmName = `XSS Firm ${run} ${BREAKOUT}`.slice(0, 120);
const stored = {
  firmSlug: `xss-firm-${run}`,
  couponSlug: `xss-coupon-${run}`,
  postSlug: `xss-post-${run}`,
  giveawaySlug: `xss-giveaway-${run}`,
  firmId: 0,
  couponId: 0,
  postId: 0,
  /** The trader's session, saved by the writing test for the reading one. */
  traderState: '',
  /** The session of the firm's representative. */
  repState: '',
};

/** Records every sign of script running that did not come from the site itself. */
async function watchForExecution(page: Page): Promise<string[]> {
  const hits: string[] = [];
  await page.exposeFunction('__xssHit', (what: string) => {
    hits.push(what);
  });
  await page.addInitScript(() => {
    const report = (what: string) => (window as unknown as { __xssHit: (w: string) => void }).__xssHit(what);
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => report(`${name}(${args.join(',')}) in ${location.href}`),
      });
    }
    document.addEventListener('securitypolicyviolation', (e) => {
      // zod 4 probes `new Function('')` once, from our own bundle, to learn whether it may compile
      // validators; the CSP refuses it and zod validates without. That one is the site's own.
      const zodProbe =
        e.blockedURI === 'eval' && e.sample === '' && e.sourceFile.startsWith(`${location.origin}/assets/`);
      if (!zodProbe)
        report(
          `CSP ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${location.href}: ${e.sample}`,
        );
    });
  });
  page.on('dialog', (dialog) => {
    hits.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.route(/^https?:\/\/(xss|evil)\.example\//, (route) => {
    hits.push(`request to ${route.request().url()}`);
    void route.abort();
  });
  return hits;
}

test('the corpus is stored through every writable field', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const origin = info.project.use.baseURL as string;
  const headers = { origin };
  const ok = async (res: Awaited<ReturnType<Page['request']['post']>>, status = [200, 201]) => {
    expect(status, `${res.url()}: ${await res.text()}`).toContain(res.status());
    return (await res.json()) as { id: number };
  };

  // Admin-writable: a firm, a coupon, a post, a quick update, a giveaway.
  await signInAsAdmin(page);
  const firm = await ok(
    await page.request.post('/api/admin/firms', {
      headers,
      data: {
        ...emptyFirm(),
        slug: stored.firmSlug,
        name: firmName,
        website: `https://www.${firmDomain}/`,
        status: 'listed',
        trustRating: 'approved',
        shortDescription: pack(300, 33),
        description: ALL,
        headquarters: pack(120, 2),
        ceoName: pack(120, 13),
        ratingOverview: pack(2000, 0),
        ratingLeadership: pack(2000, 10),
        ratingTransparency: pack(2000, 20),
        ratingThirdPartyReviews: pack(2000, 30),
        ratingLongTermVision: pack(2000, 5),
        ratingSustainability: pack(2000, 15),
        watchOutFor: ALL.slice(0, 4000),
        features: XSS_CORPUS.slice(0, 5),
        tradableAssets: ['Forex'],
        fundingModels: [
          {
            ...emptyFundingModel(),
            name: pack(60, 2) || 'Two-Step',
            dailyDrawdown: 5,
            maximumDrawdown: 10,
            profitSplit: 80,
            accounts: [
              {
                capital: 50_000,
                price: 299,
                pricingType: 'one-time',
                maxContracts: null,
                activationFee: null,
                resetPrice: null,
                disclaimer: null,
              },
            ],
          },
        ],
      },
    }),
  );
  stored.firmId = firm.id;

  const coupon = await ok(
    await page.request.post('/api/admin/coupons', {
      headers,
      data: {
        ...emptyCoupon(),
        code: '<img src=x onerror=alert(1)>',
        slug: stored.couponSlug,
        title: `XSS coupon ${pack(140, 2)}`.slice(0, 160),
        description: pack(1000, 8),
        discountPercent: 20,
        terms: ALL,
        propFirmId: stored.firmId,
        isActive: true,
      },
    }),
  );
  stored.couponId = coupon.id;

  const post = await ok(
    await page.request.post('/api/admin/posts', {
      headers,
      data: {
        ...emptyPost(),
        title: `XSS post ${run} ${BREAKOUT}`,
        slug: stored.postSlug,
        excerpt: pack(500, 3),
        content: ALL,
        author: pack(100, 0) || 'x',
        tags: [pack(40, 13) || 'xss'],
        published: true,
        templateEnabled: true,
        template: {
          selectedFirmIds: [stored.firmId],
          introContent: ALL,
          outroContent: ALL,
          perFirmNotes: { [String(stored.firmId)]: pack(5000, 7) },
        },
      },
    }),
  );
  stored.postId = post.id;

  await ok(
    await page.request.post('/api/admin/quick-updates', {
      headers,
      data: { title: `XSS update ${run} ${pack(150, 4)}`.slice(0, 200), content: ALL, published: true },
    }),
  );

  const now = Date.now();
  await ok(
    await page.request.post('/api/admin/giveaways', {
      headers,
      data: {
        title: `XSS giveaway ${run} ${BREAKOUT}`,
        slug: stored.giveawaySlug,
        description: ALL,
        prizeDescription: pack(500, 11),
        prizeValue: pack(100, 2) || '$100',
        startDate: new Date(now - 86_400_000).toISOString(),
        endDate: new Date(now + 7 * 86_400_000).toISOString(),
        winnerCount: 1,
        propFirmId: stored.firmId,
        clientSeedSource: `drand round ${pack(400, 6)}`,
      },
    }),
  );

  // Trader-writable: a name, a review, a contact message, a cashback claim.
  const trader = await browser.newContext({ baseURL: origin });
  const traderPage = await trader.newPage();
  const email = `xss${run}@example.com`;
  await ok(
    await traderPage.request.post('/api/auth/sign-up/email', {
      headers,
      data: {
        email,
        password: 'a long enough password',
        firstName: '<img src=x onerror=alert(1)>',
        username: `xss${run}`,
      },
    }),
  );
  await traderPage.goto(await verificationLink(email));
  await ok(
    await traderPage.request.post(`/api/firms/${stored.firmId}/reviews`, {
      headers,
      data: { rating: 4, title: `XSS review ${pack(100, 0)}`.slice(0, 120), comment: ALL },
    }),
  );
  await ok(
    await traderPage.request.post('/api/contact', {
      headers,
      data: { name: pack(100, 2) || 'x', email, topic: 'General question', message: ALL },
    }),
  );
  const receipt = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const firms = (await (await traderPage.request.get('/api/cashback-firms')).json()) as { id: number }[];
  if (Array.isArray(firms) && firms.length) {
    await ok(
      await traderPage.request.post('/api/cashback-claims', {
        headers,
        multipart: {
          propFirmId: String(firms[0].id),
          orderReference: pack(100, 2),
          amountSpent: '100',
          purchaseDate: new Date().toISOString().slice(0, 10),
          receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: receipt },
        },
      }),
    );
  }
  // Payout reports: a paid one the admin verifies (its comment is public on the firm's Payouts tab)
  // and a denied one left pending (in the admin queue).
  const today = new Date().toISOString().slice(0, 10);
  const paid = await ok(
    await traderPage.request.post(`/api/firms/${stored.firmSlug}/payout-reports`, {
      headers,
      multipart: {
        kind: 'paid',
        amount: '1500',
        method: 'other',
        requestedOn: today,
        receivedOn: today,
        comment: ALL.slice(0, 1000),
        showUsername: 'true',
        processor: 'wise',
        processorReference: String(run).replace(/\D/g, '').padEnd(10, '7').slice(0, 10),
      },
    }),
  );
  await ok(
    await traderPage.request.post(`/api/firms/${stored.firmSlug}/payout-reports`, {
      headers,
      multipart: {
        kind: 'denied',
        deniedOn: today,
        denialReason: 'other',
        comment: ALL.slice(1000, 2000) || ALL.slice(0, 1000),
      },
    }),
  );
  await ok(
    await page.request.post(`/api/admin/payout-reports/${paid.id}/verify`, {
      headers,
      data: { grade: 'screenshot' },
    }),
  );
  // A saved search's name (shown on /profile and in its alert emails); its query is validated.
  await ok(
    await traderPage.request.post('/api/saved-searches', {
      headers,
      data: { name: `XSS search ${BREAKOUT}`.slice(0, 80), query: 'size=100000&pass=20' },
    }),
  );
  stored.traderState = info.outputPath('trader.json');
  await trader.storageState({ path: stored.traderState });
  await trader.close();

  await writeFirmSide(page, browser, info, ok);
});

type Ok = (res: Awaited<ReturnType<Page['request']['post']>>, status?: number[]) => Promise<{ id: number }>;

/**
 * The firm's side: a representative who claimed it with corpus text as job title and note, the
 * firm's replies to two published reviews (one with links, held for a check; one without,
 * published) and a correction whose note and source carry corpus text.
 */
async function writeFirmSide(page: Page, browser: Browser, info: TestInfo, ok: Ok) {
  const headers = { origin: info.project.use.baseURL as string };
  const rep = await newTrader(browser, page, info, 'xssrep');
  await makeRepresentative(
    page,
    rep.page,
    { slug: stored.firmSlug, name: firmName },
    {
      workEmail: `${rep.username}@${firmDomain}`,
      jobTitle: `XSS title ${pack(85, 2)}`.slice(0, 100),
      note: pack(1000, 21),
    },
  );

  // Two reviews without links, published at once, each by a trader of its own.
  const reviews: number[] = [];
  for (const from of [3, 17]) {
    const reviewer = await newTrader(browser, page, info, 'xssrv');
    const review = (await ok(
      await reviewer.page.request.post(`/api/firms/${stored.firmId}/reviews`, {
        headers,
        data: {
          rating: 2,
          title: `XSS review ${pack(100, from, WITHOUT_LINKS)}`.slice(0, 120),
          comment: pack(3000, from, WITHOUT_LINKS),
        },
      }),
    )) as { id: number; status?: string };
    expect(review.status, 'a review without links is published').toBe('published');
    reviews.push(review.id);
    await reviewer.close();
  }
  const reply = async (reviewId: number, body: string) =>
    (await ok(await rep.page.request.put(`/api/reviews/${reviewId}/reply`, { headers, data: { body } }))) as {
      id: number;
      status?: string;
    };
  // With the corpus's links: held for a check (the representative and the admins see it).
  expect((await reply(reviews[0], `XSS held reply ${run} ${pack(1900, 1)}`)).status).toBe('held');
  // Without: published under its review.
  expect((await reply(reviews[1], `XSS firm reply ${run} ${pack(1900, 5, WITHOUT_LINKS)}`)).status).toBe(
    'published',
  );

  // A correction of the firm, as the console sends it: the editor's body, a note and a source.
  const current = (await (
    await rep.page.request.get(`/api/firm-console/${stored.firmSlug}`)
  ).json()) as AdminFirm;
  const { id: _id, version, createdAt: _created, updatedAt: _updated, ...values } = current;
  await ok(
    await rep.page.request.post(`/api/firm-console/${stored.firmSlug}/change-requests`, {
      headers,
      data: {
        version,
        firm: { ...values, headquarters: pack(120, 7) },
        note: `XSS note ${run} ${pack(1900, 9)}`,
        source: `https://www.${firmDomain}/rules?x="><img src=x onerror=alert(1)>`,
      },
    }),
  );
  stored.repState = info.outputPath('rep.json');
  await rep.page.context().storageState({ path: stored.repState });
  await rep.close();
}

/** Each page that shows stored text, who opens it, and a text it must show (so the data is there). */
function pagesToOpen(): { url: string; as: 'public' | 'trader' | 'rep' | 'admin'; shows?: RegExp }[] {
  return [
    { url: '/', as: 'public' },
    { url: '/', as: 'trader' },
    { url: `/firms?q=XSS+Firm+${run}`, as: 'public', shows: /XSS Firm/ },
    { url: `/firm/${stored.firmSlug}`, as: 'public', shows: /XSS Firm/ },
    { url: `/firm/${stored.firmSlug}?tab=funding`, as: 'public' },
    { url: `/firm/${stored.firmSlug}?tab=coupons`, as: 'public', shows: /onerror=alert/ },
    { url: `/firm/${stored.firmSlug}?tab=reviews`, as: 'trader' },
    {
      url: `/firm/${stored.firmSlug}?tab=reviews`,
      as: 'public',
      shows: /Firm representative[\s\S]*XSS firm reply/,
    },
    {
      url: `/firm/${stored.firmSlug}?tab=reviews`,
      as: 'rep',
      shows: /waiting for a check[\s\S]*XSS held reply/,
    },
    { url: `/firm-console/${stored.firmSlug}`, as: 'rep', shows: /XSS note/ },
    { url: `/firm/${stored.firmSlug}?tab=payouts`, as: 'public' },
    { url: `/compare?firms=${stored.firmSlug}`, as: 'public' },
    { url: '/challenges', as: 'public' },
    { url: '/coupons', as: 'public' },
    { url: `/deals/${stored.couponSlug}`, as: 'public', shows: /XSS coupon/ },
    { url: '/blog', as: 'public', shows: /XSS post/ },
    { url: `/blog/${stored.postSlug}`, as: 'public', shows: /XSS post/ },
    { url: '/giveaways', as: 'public', shows: /XSS giveaway/ },
    { url: `/giveaways/${stored.giveawaySlug}`, as: 'public', shows: /XSS giveaway/ },
    { url: '/profile', as: 'trader', shows: /XSS search[\s\S]*XSS review/ },
    { url: '/cashback-claims', as: 'trader' },
    { url: '/admin', as: 'admin' },
    { url: `/admin/firms?q=${stored.firmSlug}`, as: 'admin' },
    { url: `/admin/firms/${stored.firmId}`, as: 'admin' },
    { url: `/admin/coupons/${stored.couponId}`, as: 'admin' },
    { url: `/admin/posts/${stored.postId}`, as: 'admin' },
    { url: '/admin/posts', as: 'admin', shows: /XSS post/ },
    { url: '/admin/quick-updates', as: 'admin', shows: /XSS update/ },
    { url: '/admin/giveaways', as: 'admin', shows: /XSS giveaway/ },
    { url: '/admin/reviews', as: 'admin', shows: /Firm replies held by the checks[\s\S]*XSS held reply/ },
    { url: '/admin/change-requests', as: 'admin', shows: /XSS note/ },
    { url: '/admin/firm-claims', as: 'admin', shows: /XSS title/ },
    { url: '/admin/messages', as: 'admin' },
    { url: '/admin/users', as: 'admin' },
    { url: '/admin/cashback-claims', as: 'admin' },
    { url: '/admin/payout-reports', as: 'admin' },
    { url: '/admin/audit', as: 'admin' },
  ];
}

test('no page that shows it runs any of it', async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  expect(stored.firmId, 'the writing test ran first').toBeGreaterThan(0);
  const origin = info.project.use.baseURL as string;
  const hits = await watchForExecution(page);
  await presetCookieConsent(page);
  const trader = await browser.newContext({ baseURL: origin, storageState: stored.traderState });
  const traderPage = await trader.newPage();
  const traderHits = await watchForExecution(traderPage);
  await presetCookieConsent(traderPage);
  const rep = await browser.newContext({ baseURL: origin, storageState: stored.repState });
  const repPage = await rep.newPage();
  const repHits = await watchForExecution(repPage);
  await presetCookieConsent(repPage);
  const anonymous = await browser.newContext({ baseURL: origin });
  const publicPage = await anonymous.newPage();
  const publicHits = await watchForExecution(publicPage);
  await presetCookieConsent(publicPage);
  await signInAsAdmin(page);

  const missing: string[] = [];
  for (const { url, as, shows } of pagesToOpen()) {
    const target = { admin: page, trader: traderPage, rep: repPage, public: publicPage }[as];
    const res = await target.goto(url);
    expect(res?.status(), `${url} as ${as}`).toBeLessThan(400);
    await target.waitForLoadState('networkidle');
    // Open what a click would show: every closed disclosure and tab panel of the page.
    for (const details of await target.locator('details:not([open]) > summary').all()) {
      await details.click({ timeout: 2_000 }).catch(() => {});
    }
    if (shows && !shows.test(await target.locator('body').innerText())) missing.push(`${url} as ${as}`);
  }
  await settle([page, traderPage, repPage, publicPage]);
  expect([...publicHits, ...traderHits, ...repHits, ...hits]).toEqual([]);
  expect(missing, 'pages that should show the stored text').toEqual([]);
  await trader.close();
  await rep.close();
  await anonymous.close();
});

/** Lets late scripts (lazy chunks, image errors) run before counting. */
async function settle(pages: Page[]) {
  for (const p of pages) await p.waitForTimeout(500);
}
