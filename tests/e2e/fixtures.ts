import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { emptyFirm, type FirmInput } from '../../src/domain/admin-firms';
import { findLink, type OutboxMessage, readOutbox } from '../../src/server/lib/mailer';
import { CONSENT_KEY, type Consent } from '../../src/web/lib/consent';

let clients = 0;

/**
 * Each test's browser context speaks from a client address of its own (`X-Forwarded-For`, trusted
 * by the test server like a reverse proxy's): the server's per-address rate limits (ten sign-ups an
 * hour, say) then apply to one test at a time, as to one visitor, and not to the whole suite.
 */
export const clientAddress = (workerIndex: number) => {
  clients++;
  return `10.${workerIndex % 256}.${Math.floor(clients / 256) % 256}.${clients % 256}`;
};

export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress(testInfo.workerIndex) });
    await use(context);
  },
});
export { expect };

/**
 * Stores a cookie-consent record before any page script runs, so a spec that is not about the
 * banner never sees it. Call before the first `page.goto`.
 */
export async function presetCookieConsent(
  page: Page,
  choice: { analytics: boolean; marketing: boolean } = { analytics: false, marketing: false },
): Promise<void> {
  const consent: Consent = { essential: true, ...choice, timestamp: Date.now() };
  await page.addInitScript(
    ([key, value]) => {
      // Only when absent: a test that changes consent on the page keeps its change across reloads.
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [CONSENT_KEY, JSON.stringify(consent)] as const,
  );
}

/** The consent record the page has stored, or null. */
export async function readStoredConsent(page: Page): Promise<Consent | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CONSENT_KEY);
  return raw ? (JSON.parse(raw) as Consent) : null;
}

/** Fails the test listing every serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { include?: string[]; exclude?: string[] } = {},
) {
  let builder = new AxeBuilder({ page });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** The admin's session cookies of this worker: one log-in serves every test, as the server limits log-ins per account. */
let adminCookies: Awaited<ReturnType<BrowserContext['cookies']>> | undefined;

/** Signs the page's browser context in as the admin the e2e server creates (see playwright.config.ts). */
export async function signInAsAdmin(page: Page): Promise<void> {
  const context = page.context();
  if (adminCookies) {
    await context.addCookies(adminCookies);
    // A test may have ended the session (log-out): then log in again.
    if ((await page.request.get('/api/auth/user')).status() === 200) return;
    await context.clearCookies();
  }
  const baseURL = test.info().project.use.baseURL!;
  const res = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email: process.env.PFC_E2E_ADMIN_EMAIL, password: process.env.PFC_E2E_ADMIN_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  adminCookies = await context.cookies();
}

/**
 * Holds back the page's script, so the server-rendered page takes input before it hydrates, as on a
 * slow connection; call the returned function to let the script load.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry-client-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has hydrated the page and its first requests have settled, so clicks are
 * client-side navigations, input is not lost to hydration, and mount-only parts (the cookie banner)
 * have decided whether to show.
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
  await page.waitForLoadState('networkidle');
}

const PASSWORD = 'a long enough password';
/** A trader of their own, signed up and verified through the outbox, in a browser context of their own. */
export async function newTrader(browser: Browser, page: Page, info: TestInfo, prefix: string) {
  const baseURL = info.project.use.baseURL as string;
  const tag = `${prefix}${info.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(info.workerIndex) },
  });
  const trader = await context.newPage();
  await presetCookieConsent(trader);
  const signUp = await trader.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email, password: PASSWORD, firstName: 'Pat', username: tag },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await trader.goto(await verificationLink(email));
  return { page: trader, username: tag, email, password: PASSWORD, close: () => context.close() };
}

/** The verification link the server wrote to the outbox of its data folder for this address. */
export async function verificationLink(email: string): Promise<string> {
  const link = findLink(await latestMail(email, 'Verify your email for Prop Firm Club'));
  expect(link).toContain('/api/auth/verify-email?token=');
  return link as string;
}

/**
 * The newest email the server wrote to the outbox of its data folder for `to` (with this subject,
 * when given), waited for.
 */
export async function latestMail(to: string, subject?: string): Promise<OutboxMessage> {
  const dataDir = process.env.PFC_E2E_DATA_DIR;
  if (!dataDir) throw new Error('PFC_E2E_DATA_DIR is not set: run through playwright.config.ts');
  let mail: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        mail = (await readOutbox(dataDir))
          .filter((m) => m.to === to && (subject === undefined || m.subject === subject))
          .at(-1);
        return Boolean(mail);
      },
      `an email to ${to}${subject ? ` "${subject}"` : ''}`,
    )
    .toBe(true);
  return mail as OutboxMessage;
}

/** A name for a test's own data, by its project and run: the two projects (1280, 390 px) never share one. */
export const runTag = (info: TestInfo) =>
  `${info.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The start of a test that makes its data as the admin on `page`: no cookie banner, signed in. */
export async function beginAsAdmin(page: Page): Promise<void> {
  await presetCookieConsent(page);
  await signInAsAdmin(page);
}

/**
 * A listed, approved firm of the test's own, made through the admin API by the admin signed in on
 * `admin`; `values` change or add to the editor's empty firm.
 */
export async function createFirm(
  admin: Page,
  values: Partial<FirmInput> & { name: string; slug: string },
): Promise<{ id: number; name: string; slug: string }> {
  const created = await admin.request.post('/api/admin/firms', {
    headers: { origin: test.info().project.use.baseURL as string },
    data: { ...emptyFirm(), status: 'listed', trustRating: 'approved', ...values },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { id, name: values.name, slug: values.slug };
}

/** A firm with a website at a domain of its own: addresses at that domain (or a subdomain) may claim it. */
export interface ClaimableFirm {
  id: number;
  name: string;
  slug: string;
  /** The domain of the firm's website (`www.<domain>`). */
  domain: string;
}

/**
 * A listed firm of the test's own (createFirm) with its website at `www.<domain>`, where `domain`
 * is `<run>.example.com` unless given: its work addresses are at `domain`.
 */
export async function createClaimableFirm(
  admin: Page,
  run: string,
  values: Partial<FirmInput> & { name: string; slug: string },
  domain = `${run}.example.com`,
): Promise<ClaimableFirm> {
  const firm = await createFirm(admin, { website: `https://www.${domain}/`, ...values });
  return { ...firm, domain };
}

/** The 6-digit code of the newest claim email to `workEmail` for the firm named `firmName`. */
export async function claimCode(workEmail: string, firmName: string): Promise<string> {
  const mail = await latestMail(workEmail, `Your code to claim ${firmName} on Prop Firm Club`);
  const code = mail.text.match(/Your code: (\d{6})\b/)?.[1];
  expect(code, mail.text).toBeDefined();
  return code as string;
}

/**
 * Makes the signed-in, verified user of `rep` a representative of `firm` as a claimant becomes one,
 * through the API: a claim with `workEmail` (at the firm's domain), the code from the outbox, and
 * the approval of the admin signed in on `admin`.
 */
export async function makeRepresentative(
  admin: Page,
  rep: Page,
  firm: { slug: string; name: string },
  claim: { workEmail: string; jobTitle?: string; note?: string },
): Promise<void> {
  const headers = { origin: test.info().project.use.baseURL as string };
  const created = await rep.request.post(`/api/firms/${firm.slug}/claims`, {
    headers,
    data: {
      workEmail: claim.workEmail,
      jobTitle: claim.jobTitle ?? 'Support lead',
      note: claim.note ?? 'I run the support desk and answer traders every day.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const confirmed = await rep.request.post(`/api/firm-claims/${id}/confirm`, {
    headers,
    data: { code: await claimCode(claim.workEmail, firm.name) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const approved = await admin.request.post(`/api/admin/firm-claims/${id}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
  const me = (await (await rep.request.get('/api/auth/user')).json()) as {
    representativeOf: { slug: string }[];
  };
  expect(me.representativeOf.map((f) => f.slug)).toContain(firm.slug);
}
