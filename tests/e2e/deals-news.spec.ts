import { readOutbox } from '../../src/server/lib/mailer';
import { makeCoupon } from '../fixtures/coupons';
import {
  expect,
  expectNoSeriousA11yViolations,
  holdAppScript,
  presetCookieConsent,
  test,
  waitForApp,
} from './fixtures';

test.beforeEach(async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await presetCookieConsent(page);
});

test('search and copy a coupon', async ({ page }) => {
  await page.goto('/coupons');
  await waitForApp(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'The Best Deals All in One Place' }),
  ).toBeVisible();
  await expect(page.getByText('Max Savings')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const search = page.getByRole('searchbox', { name: /Search deals/ });
  await search.fill('no firm is called this');
  await expect(page.getByRole('heading', { name: 'No deals found' })).toBeVisible();

  await search.fill('harborline');
  const card = page.getByRole('article', { name: 'Harborline Funding deal' }).first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: /Ironclad/ })).toHaveCount(0);

  await card.getByRole('button', { name: /Copy code/ }).click();
  await expect(page.getByText('Code Copied!', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /copied/ })).toContainText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('HARBOR25');
  // The copied state lasts 3 seconds.
  await expect(card.getByRole('button', { name: /Copy code/ })).toContainText('Copy', { timeout: 5000 });

  const getDeal = card.getByRole('link', { name: /Get Deal/ });
  await expect(getDeal).toHaveAttribute('target', '_blank');
  await expect(getDeal).toHaveAttribute('rel', 'sponsored noopener');
  await expect(getDeal).toHaveAttribute('href', /^\/outbound\/coupon\/\d+$/);
});

test('a long list of deals shows 24 and more on request, focus moving to the first new one', async ({
  page,
}) => {
  // The demo data has 14 deals; the list the browser fetches after a client-side navigation is
  // given 30, as a site with hundreds of firms would answer.
  const deals = Array.from({ length: 30 }, (_, i) =>
    makeCoupon(9000 + i, { code: `LONGLIST${i + 1}`, firmName: `Long List Firm ${i + 1}` }),
  );
  await page.route(/\/api\/coupons$/, (route) => route.fulfill({ json: deals }));
  await page.goto('/blog');
  await waitForApp(page);
  await page.evaluate(() => {
    history.pushState(null, '', '/coupons');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const cards = page.getByRole('article', { name: /^Long List Firm \d+ deal$/ });
  await expect(cards).toHaveCount(24);
  await expect(page.getByText('Showing 24 of 30 deals')).toBeVisible();
  await page.getByRole('button', { name: 'Show more deals' }).click();
  await expect(cards).toHaveCount(30);
  await expect(page.getByRole('button', { name: 'Show more deals' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Long List Firm 25 deal' }).locator(':focus')).toHaveCount(
    1,
  );
});

test('open a deal', async ({ page }) => {
  await page.goto('/coupons');
  await waitForApp(page);
  const card = page.getByRole('article', { name: /Ironclad/ }).first();
  const usePromise = page.waitForResponse((r) => /\/api\/coupons\/\d+\/use$/.test(r.url()));
  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/deals\/ironclad-spring-deal$/);
  expect((await usePromise).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('40% off');
  await expect(page.getByText('40% OFF', { exact: true })).toBeVisible();
  await expect(page.getByText('How to use this deal')).toBeVisible();
  await expect(page.getByText('DEAL', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const missing = await page.goto('/deals/no-such-deal');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Deal Not Found' })).toBeVisible();
  await expect(page.getByText('The requested deal could not be found or may have expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Deals' })).toHaveAttribute('href', '/coupons');
});

test('read a templated post', async ({ page }) => {
  await page.goto('/blog');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Prop Trading News' })).toBeVisible();
  for (const name of ['Latest Updates', 'Prop Firm Reviews', 'Trading Articles & Insights']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    /rss\.xml/,
  );

  await page.goto('/blog/best-futures-prop-firms-this-month');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Featured Prop Firms' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Affiliate disclosure' })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((t) => t.includes('"Article"'))).toBe(true);
  await expectNoSeriousA11yViolations(page);

  const missing = await page.goto('/blog/no-such-post');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});

test('subscribe, confirm through the outbox link, then unsubscribe from the email', async ({
  page,
}, info) => {
  const email = `e2e-${info.project.name}-${Date.now()}@example.com`;
  await page.goto('/coupons');
  await waitForApp(page);
  const block = page.getByRole('region', { name: 'Never Miss a Deal' });
  await block.getByRole('textbox', { name: 'Email address' }).fill(email);
  await block.getByRole('button', { name: 'Get Free Deals' }).click();
  await expect(block.getByText('Successfully subscribed!')).toBeVisible();

  const dataDir = process.env.PFC_E2E_DATA_DIR ?? '';
  let mail: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(async () => {
      mail = (await readOutbox(dataDir)).find((m) => m.to === email);
      return mail?.subject;
    })
    .toBe('Confirm your Prop Firm Club subscription');
  const confirm = mail?.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)?.[0] ?? '';
  await page.goto(confirm);
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

  // A second subscribe with the same address is told it is already subscribed.
  await page.goto('/coupons');
  await waitForApp(page);
  await block.getByRole('textbox', { name: 'Email address' }).fill(email);
  await block.getByRole('button', { name: 'Get Free Deals' }).click();
  await expect(page.getByText('Already Subscribed!', { exact: true })).toBeVisible();

  const unsubscribe = mail?.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/)?.[0] ?? '';
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
});

test('an address typed before the page hydrated is the one subscribed', async ({ page }, info) => {
  const email = `e2e-early-${info.project.name}-${Date.now()}@example.com`;
  // The page's script waits until the address is typed into the server-rendered field.
  const typed = await holdAppScript(page);
  await page.goto('/coupons', { waitUntil: 'commit' });
  const block = page.getByRole('region', { name: 'Never Miss a Deal' });
  await block.getByRole('textbox', { name: 'Email address' }).fill(email);
  typed();
  await waitForApp(page);
  await expect(block.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  await block.getByRole('button', { name: 'Get Free Deals' }).click();
  await expect(block.getByText('Successfully subscribed!')).toBeVisible();
  const dataDir = process.env.PFC_E2E_DATA_DIR ?? '';
  await expect.poll(async () => (await readOutbox(dataDir)).some((m) => m.to === email)).toBe(true);
});

// One test per page: axe on a long legal text takes seconds, and together they came near the timeout.
for (const [path, title] of [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/affiliate-disclosure', 'Affiliate Disclosure'],
  ['/cookie-policy', 'Cookie Policy'],
] as const) {
  test(`legal page: ${title}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/Last updated:/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('contact form', async ({ page }) => {
  await page.goto('/contact');
  await waitForApp(page);
  await page.getByLabel('Name').fill('E2E Trader');
  await page.getByLabel('Email').fill('e2e-contact@example.com');
  await page.getByLabel('Message').fill('short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('The message must be at least 20 characters.')).toBeVisible();
  await page.getByLabel('Message').fill('This is a message long enough to be sent to the team.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
