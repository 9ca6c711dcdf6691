import { readFileSync } from 'node:fs';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

test.beforeEach(async ({ page }) => {
  await presetCookieConsent(page);
  await signInAsAdmin(page);
});

test('the site dashboard: the demo traffic, another range, a table exported', async ({ page }) => {
  await page.goto('/admin/analytics');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Site analytics', level: 1 })).toBeVisible();
  const pageViews = page.locator('dt', { hasText: 'Page views' }).locator('xpath=..').locator('dd');
  await expect(pageViews).toContainText(/\d/);
  expect(Number((await pageViews.locator('span').first().textContent())?.replace(/,/g, ''))).toBeGreaterThan(
    0,
  );
  await expect(
    page.getByRole('img', { name: /Page views, sessions and outbound clicks by day/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Searches that found nothing' })).toBeVisible();
  const bots = page.getByText(/^Bot page views \(crawlers, by user agent; in none of the figures\):/);
  await expect(bots).toBeVisible();
  // The demo traffic has crawlers' views, counted apart from everything else.
  expect(Number((await bots.locator('strong').textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, { include: ['main'] });

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Top pages as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^top-pages-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) as string, 'utf8');
  expect(csv.split('\n')[0]).toBe('Page,Views,Sessions');
  expect(csv.split('\n').length).toBeGreaterThan(2);
});

test('the Today range: the site charted by hour, the table and CSV by hour', async ({ page }) => {
  await page.goto('/admin/analytics');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page).toHaveURL(/days=1/);
  await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'By hour (UTC)' })).toBeVisible();
  const chart = page.getByRole('img', {
    name: /^Page views, sessions and outbound clicks by hour, \d{4}-\d{2}-\d{2} \(UTC\)$/,
  });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-xAxis-tick-labels text').first()).toHaveText(/^\d{2}:00$/);
  await page.getByText('The figures by hour').click();
  const byHour = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Hour (UTC)' }) });
  await expect(byHour.locator('tbody tr').first().locator('td').nth(1)).toHaveText('00:00');
  expect(await byHour.locator('tbody tr').count()).toBeLessThanOrEqual(24);
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export By hour as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^by-hour-(\d{4}-\d{2}-\d{2})-to-\1\.csv$/);
  const csv = readFileSync((await file.path()) as string, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('Day,Hour (UTC),Page views,Sessions,Outbound clicks');
  expect(csv[1]).toMatch(/^\d{4}-\d{2}-\d{2},00:00,\d+,\d+,\d+$/);
});

test("the Today range: a firm's page charted by hour", async ({ page }) => {
  await page.goto('/admin/firm-analytics?days=1');
  await waitForApp(page);
  const firstFirm = page.locator('tbody tr').first().getByRole('link');
  const name = (await firstFirm.textContent()) ?? '';
  await firstFirm.click();
  await expect(page).toHaveURL(/\/admin\/firm-analytics\/\d+\?days=1$/);
  await expect(
    page.getByRole('img', {
      name: new RegExp(`^${name}: page views and outbound clicks by hour, .* \\(UTC\\)$`),
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

test('the firm table: sorted by a column, exported', async ({ page }, info) => {
  await page.goto('/admin/firm-analytics');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Firm analytics', level: 1 })).toBeVisible();
  const firstRow = page.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  const names = () => page.locator('tbody tr td:first-child').allTextContents();
  const byName = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b));
  if (info.project.name === 'mobile') {
    // A phone shows no headers: the column is chosen from a list, the order by a button.
    await page.getByLabel('Sort by').selectOption('Firm');
    await expect(page.getByRole('button', { name: 'Ascending' })).toBeVisible();
    expect(await names()).toEqual(byName(await names()));
    await page.getByRole('button', { name: 'Ascending' }).click();
    await expect(page.getByRole('button', { name: 'Descending' })).toBeVisible();
    expect(await names()).toEqual(byName(await names()).reverse());
  } else {
    await page.getByRole('button', { name: /^Firm/ }).click();
    await expect(page.getByRole('columnheader', { name: /^Firm/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(await names()).toEqual(byName(await names()));
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path()) as string, 'utf8');
  expect(csv.split('\n')[0]).toBe(
    'Slug,Firm,Page views,Outbound clicks,Click-through,Coupon copies,New reviews,Average rating,Giveaway entries',
  );
});

test("a firm's page from the firm table: its figures, chart and sources, exported", async ({ page }) => {
  await page.goto('/admin/firm-analytics?days=90');
  await waitForApp(page);
  const firstFirm = page.locator('tbody tr').first().getByRole('link');
  const name = (await firstFirm.textContent()) ?? '';
  await firstFirm.click();
  await expect(page).toHaveURL(/\/admin\/firm-analytics\/\d+\?days=90$/);
  await expect(page.getByRole('heading', { name: `${name}: analytics`, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  const views = page.locator('dt', { hasText: 'Page views' }).locator('xpath=..').locator('dd span').first();
  expect(Number((await views.textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
  await expect(
    page.getByRole('img', { name: new RegExp(`${name}: page views and outbound clicks by day`) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['main'] });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Sources as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-sources-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) as string, 'utf8');
  expect(csv.split('\n')[0]).toBe('Source (utm_source),Views');
  expect(csv.split('\n').length).toBeGreaterThan(2);

  await page.getByRole('link', { name: 'Every firm' }).click();
  await expect(page).toHaveURL(/\/admin\/firm-analytics\?days=90$/);
});
