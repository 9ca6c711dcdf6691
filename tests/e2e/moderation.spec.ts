import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, presetCookieConsent, signInAsAdmin, waitForApp } from './fixtures';

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
