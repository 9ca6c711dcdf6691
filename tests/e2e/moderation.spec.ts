import type { Page } from '@playwright/test';
import {
  clientAddress,
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

/** A listed firm with reviews by members: the first for the desktop project, another for mobile. */
async function firmWithReviews(page: Page, mobile: boolean): Promise<string> {
  const { firms } = (await (await page.request.get('/api/firms?pageSize=50')).json()) as {
    firms: { slug: string }[];
  };
  const withReviews: string[] = [];
  for (const { slug } of firms) {
    const reviews = (await (await page.request.get(`/api/firms/${slug}/reviews`)).json()) as {
      isManual: boolean;
    }[];
    if (reviews.filter((r) => !r.isManual).length >= 2) withReviews.push(slug);
    if (withReviews.length === 2) break;
  }
  return withReviews[mobile ? 1 : 0];
}

test('a trader reports a review; an admin hides it with a reason and it leaves the firm page', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await presetCookieConsent(page);
  await signInAsAdmin(page);
  const slug = await firmWithReviews(page, info.project.name === 'mobile');
  await page.goto(`/firm/${slug}?tab=reviews`);
  await waitForApp(page);
  const review = page
    .locator('li')
    .filter({ has: page.getByRole('button', { name: 'Report' }) })
    .first();
  const title = (await review.getByRole('heading', { level: 3 }).textContent()) ?? '';
  expect(title).not.toBe('');
  await review.getByRole('button', { name: 'Report' }).click();
  await review.getByLabel('Why report it?').selectOption({ label: 'Fake or paid for' });
  await review.getByRole('button', { name: 'Send report' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Report sent', { exact: true }),
  ).toBeVisible();

  await page.goto('/admin/reviews');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const card = page.locator('[data-testid^="moderate-review-"]').filter({ hasText: title }).first();
  await expect(card.getByRole('list', { name: 'Open reports' })).toContainText('Fake or paid for');
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  await card.getByLabel('Reason').selectOption({ label: 'Fake or incentivised' });
  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Review hidden', { exact: true }),
  ).toBeVisible();

  await page.goto(`/firm/${slug}?tab=reviews`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: title, level: 3 })).toHaveCount(0);
});

test('an admin suspends a trader: the trader is signed out and the log-in says why; lifted, they are back', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const baseURL = info.project.use.baseURL!;
  const tag = `susp${info.project.name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const password = 'a long enough password';
  const trader = await browser.newContext({
    baseURL,
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(info.workerIndex) },
  });
  const traderPage = await trader.newPage();
  await presetCookieConsent(traderPage);
  const signUp = await traderPage.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email, password, firstName: 'Sam', username: tag },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

  await presetCookieConsent(page);
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${tag}`);
  await waitForApp(page);
  const card = page.locator('[data-testid^="user-"]').filter({ hasText: email });
  await card.getByRole('button', { name: 'Suspend', exact: true }).click();
  const form = card.getByRole('form', { name: `Suspend ${email}` });
  await form.getByLabel('Reason').selectOption({ label: 'Spam' });
  await form.getByLabel(/Note the user sees/).fill('Links in every review');
  await form.getByLabel('For').selectOption({ label: '7 days' });
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  await form.getByRole('button', { name: 'Suspend user' }).click();
  await expect(card.getByText(/^Suspended until .*: Spam: Links in every review$/)).toBeVisible();

  // The trader's session ended: the profile sends them to log in, where they read why.
  await traderPage.goto('/profile');
  await expect(traderPage).toHaveURL(/\/auth\?next=/);
  await waitForApp(traderPage);
  await traderPage.getByLabel('Email').fill(email);
  await traderPage.getByLabel('Password').fill(password);
  await traderPage.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(traderPage.getByRole('alert')).toContainText(
    /Your account is suspended until .*: Spam: Links in every review\./,
  );

  page.once('dialog', (dialog) => dialog.accept());
  await card.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(card.getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();
  await traderPage.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(traderPage).not.toHaveURL(/\/auth/);
  await trader.close();
});
