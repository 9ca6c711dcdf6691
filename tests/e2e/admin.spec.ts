import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

// Whole journeys through several pages: longer than the default on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await presetCookieConsent(page);
});

/** The page never scrolls sideways: what a 390 px phone needs. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the admin overview: its navigation, counts and queues', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await waitForApp(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  for (const name of ['Firms', 'Audit log']) await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
  await expect(page.getByText('Listed firms')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest contact messages' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await nav.getByRole('link', { name: 'Firms' }).click();
  await expect(page).toHaveURL('/admin/firms');
  await expect(page.getByRole('heading', { name: 'Firms', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill('northbridge');
  await expect(page.getByRole('link', { name: 'Northbridge Capital Traders' })).toBeVisible();
  await expect(page).toHaveURL('/admin/firms?q=northbridge');
  await expectNoSidewaysScroll(page);
});

test('a visitor who is not an admin is refused', async ({ page }) => {
  const anonymous = await page.goto('/admin/firms');
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Ffirms/);
  expect(anonymous?.status()).toBe(200);
  const api = await page.request.get('/api/admin/firms');
  expect(api.status()).toBe(401);
});

test('create a firm with a funding model, change a rule, see it on the site and in the audit log', async ({
  page,
}, testInfo) => {
  const name = `E2E Admin Firm ${testInfo.project.name}`;
  const slug = `e2e-admin-firm-${testInfo.project.name}`;
  await signInAsAdmin(page);
  await page.goto('/admin/firms/new');
  await waitForApp(page);

  // The same rules as the server: an empty form names its fields.
  await page.getByRole('button', { name: 'Create firm' }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await page.getByLabel('Short description').fill('A firm made by the admin journey test.');
  await page.getByLabel('Trust rating').selectOption('caution');
  await page.getByLabel('Forex').check();
  await page.getByRole('button', { name: 'Add funding model' }).click();
  await page.getByLabel('Name', { exact: true }).nth(1).fill('Evaluation');
  await page.getByLabel('Daily drawdown (%)').fill('5');
  await page.getByLabel('Profit split (%)').fill('80');
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByLabel('Account size ($)', { exact: true }).fill('50000');
  await page.getByLabel('Price ($)', { exact: true }).fill('299');
  await page.getByRole('button', { name: 'Create firm' }).click();
  await expect(page).toHaveURL(/\/admin\/firms\/\d+$/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // On the public page at once.
  const site = await page.context().newPage();
  await site.goto(`/firm/${slug}`);
  await expect(site.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(site.getByText('No rule changes recorded yet.')).toBeVisible();

  // A rule change goes to the firm's timeline.
  await page.bringToFront();
  await page.getByLabel('Daily drawdown (%)').fill('4');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Firm saved', { exact: true })).toBeVisible();
  await site.bringToFront();
  await site.reload();
  await expect(site.getByText('Evaluation: Daily drawdown 5% -> 4%')).toBeVisible();
  await expectNoSidewaysScroll(site);

  await page.bringToFront();
  await page.getByRole('link', { name: 'History of this firm' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?entity=firm&entityId=\d+/);
  const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('update');
  await expect(entries.nth(1)).toContainText('create');
  await expectNoSidewaysScroll(page);
});

test('a save over a newer version is refused with the Conflict message', async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  // A firm of its own, made through the API, so the other tests' firms are not touched.
  const slug = `e2e-conflict-${testInfo.project.name}`;
  const baseURL = testInfo.project.use.baseURL!;
  const created = await page.request.post('/api/admin/firms', {
    headers: { origin: baseURL },
    data: {
      slug,
      name: `Conflict Firm ${testInfo.project.name}`,
      status: 'listed',
      featured: false,
      logo: null,
      shortDescription: null,
      description: null,
      website: null,
      affiliateUrl: null,
      assetType: null,
      features: [],
      tradableAssets: [],
      restrictedCountries: [],
      headquarters: null,
      ceoName: null,
      established: null,
      trustRating: 'not tested',
      ratingOverview: null,
      ratingLeadership: null,
      ratingTransparency: null,
      ratingThirdPartyReviews: null,
      ratingLongTermVision: null,
      ratingSustainability: null,
      watchOutFor: null,
      londonExpoEnabled: false,
      londonExpoUrl: null,
      payoutJunctionEnabled: false,
      payoutJunctionUrl: null,
      cashbackProvided: false,
      cashbackPercentage: null,
      accountPriceMin: null,
      accountPriceMax: null,
      fundingMin: null,
      fundingMax: null,
      platformIds: [],
      payoutMethodIds: [],
      fundingModels: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const second = await page.context().newPage();
  await page.goto(`/admin/firms/${id}`);
  await second.goto(`/admin/firms/${id}`);
  await waitForApp(page);
  await waitForApp(second);
  // Only the page in front paints: bring each forward before using it.
  await page.bringToFront();
  await page.getByLabel('Headquarters').fill('London');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Firm saved', { exact: true })).toBeVisible();

  await second.bringToFront();
  await second.getByLabel('Headquarters').fill('Dubai');
  await second.getByRole('button', { name: 'Save changes' }).click();
  const alert = second.getByRole('alert').filter({ hasText: 'Conflict' });
  await expect(alert).toContainText(
    'There was a conflict with the current state. Please refresh and try again.',
  );
  await alert.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(second.getByLabel('Headquarters')).toHaveValue('London');

  // Delete asks first.
  await second.getByRole('button', { name: 'Delete firm' }).click();
  const dialog = second.getByRole('dialog');
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(second).toHaveURL('/admin/firms');
  expect((await page.request.get(`/api/admin/firms/${id}`)).status()).toBe(404);
});

test('follow a firm from its page and find it in the profile', async ({ page }, testInfo) => {
  // One follow list per account: the desktop project runs it.
  test.skip(testInfo.project.name !== 'desktop', 'the admin account follows once');
  await signInAsAdmin(page);
  await page.goto('/firm/tidewater');
  await waitForApp(page);
  const card = page.locator('#rule-changes');
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(card.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/profile');
  await waitForApp(page);
  await expect(page.getByRole('link', { name: 'Tidewater Prop Group' })).toBeVisible();
});

test('create a coupon with rich-text terms and find it on the coupons page', async ({ page }, testInfo) => {
  const code = `E2E${testInfo.project.name.toUpperCase()}`;
  await signInAsAdmin(page);
  await page.goto('/admin/coupons/new');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Code is required', { exact: true })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Title').fill(`${code} deal`);
  await page.getByLabel('Description').fill('15% off every evaluation');
  await page.getByLabel('Discount (%)').fill('15');
  await page.getByLabel('Firm').selectOption({ label: 'Tidewater Prop Group' });
  const terms = page.getByRole('textbox', { name: 'Terms' });
  await terms.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await terms.pressSequentially('New accounts only');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+$/);
  await expect(page.getByText('Coupon saved', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const saved = await page.request.get(page.url().replace('/admin/coupons/', '/api/admin/coupons/'));
  expect(((await saved.json()) as { terms: string }).terms).toBe('<p><strong>New accounts only</strong></p>');
  await page.goto('/coupons');
  await waitForApp(page);
  await expect(page.getByText(code, { exact: true }).first()).toBeVisible();

  await page.goto('/admin/coupons');
  await waitForApp(page);
  await page.getByRole('link', { name: code }).click();
  await page.getByRole('button', { name: 'Delete coupon' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL('/admin/coupons');
  await expect(page.getByRole('link', { name: code })).toHaveCount(0);
});

test('edit a not-yet-listed firm: the save carries its version', async ({ page }, info) => {
  // Each project edits its own entry (the first, or the last), so their saves never race.
  await signInAsAdmin(page);
  const entries = (await (await page.request.get('/api/admin/unlisted-firms')).json()) as { name: string }[];
  const { name } = info.project.name === 'mobile' ? entries[entries.length - 1] : entries[0];
  await page.goto('/admin/firms');
  await waitForApp(page);
  const row = page.locator('#not-yet-listed tr').filter({ hasText: name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  // The entry is now a form (its name in an input): find it by its Save button.
  const form = page.locator('#not-yet-listed tr').filter({ has: page.getByRole('button', { name: 'Save' }) });
  const order = Date.now() % 9000;
  await form.getByLabel('Sort order').fill(String(order));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.locator('#not-yet-listed tr').filter({ hasText: name })).toContainText(`order ${order}`);
});
