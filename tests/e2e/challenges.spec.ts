import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  holdAppScript,
  presetCookieConsent,
  test,
  waitForApp,
} from './fixtures';

const cards = (page: Page) => page.getByTestId('challenge-card');
const trueCosts = (page: Page) => page.getByTestId('true-cost').allTextContents();
const resultCount = (page: Page) => page.getByTestId('result-count');
/** The list shows the answer for the current address, not the previous one kept while loading. */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

/** Opens the filter panel on a narrow screen (always open from the large breakpoint). */
async function showFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}

test.beforeEach(async () => {
  // Axe scans of a long page take a while on a shared 2-core machine.
  test.setTimeout(150_000);
});

test.describe('without analytics consent', () => {
  test.beforeEach(async ({ page }) => presetCookieConsent(page));

  test('filter by size and steps, change the pass rate without a request, reload, go back', async ({
    page,
  }) => {
    await page.goto('/challenges?utm_source=newsletter');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Challenge Finder' })).toBeVisible();
    // Unknown parameters of the page are ignored: the full list shows, 20 at a time.
    await expect(cards(page)).toHaveCount(20);
    const allText = await resultCount(page).textContent();
    await expectNoSeriousA11yViolations(page);

    // No sideways scrolling at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );

    await showFilters(page);
    await page.getByRole('button', { name: '$100K', exact: true }).click();
    await expect(page).toHaveURL(/[?&]size=100000(&|$)/);
    await expect(resultCount(page)).not.toHaveText(allText!);
    await settled(page);
    for (const text of await cards(page).allTextContents()) expect(text).toContain('$100K');

    await page.getByRole('button', { name: '2-Step', exact: true }).click();
    await expect(page).toHaveURL(/size=100000&steps=2/);
    await expect(page.getByRole('button', { name: '2-Step', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await settled(page);
    for (const text of await cards(page).allTextContents()) {
      expect(text).toContain('2-Step');
      expect(text).toContain('$100K');
    }
    const filteredText = await resultCount(page).textContent();

    // The pass rate recomputes true costs in the browser: no request to the server.
    const before = await trueCosts(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const passRate = page.getByRole('spinbutton', { name: 'Pass rate' });
    await passRate.fill('50');
    await expect(page).toHaveURL(/[?&]pass=50(&|$)/);
    await expect.poll(() => trueCosts(page)).not.toEqual(before);
    const after = await trueCosts(page);
    const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
    // At 50% a trader expects fewer attempts than at 10%: no option costs more.
    for (const [i, text] of after.entries()) expect(dollars(text)).toBeLessThanOrEqual(dollars(before[i]));
    expect(requests.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);

    // A reload shows the same view.
    const url = page.url();
    await page.reload();
    await waitForApp(page);
    expect(page.url()).toBe(url);
    await expect(resultCount(page)).toHaveText(filteredText!);
    await expect(page.getByRole('spinbutton', { name: 'Pass rate' })).toHaveValue('50');
    expect(await trueCosts(page)).toEqual(after);

    // Back undoes the last filter.
    await page.goBack();
    await expect(page).toHaveURL(/\/challenges\?size=100000$/);
    await waitForApp(page);
    await showFilters(page);
    await expect(page.getByRole('button', { name: '2-Step', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByRole('button', { name: '$100K', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('no match shows the empty state, and Clear all filters brings the list back', async ({ page }) => {
    await page.goto('/challenges?priceMax=0&steps=3&sort=trueCost');
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: 'No challenges match your filters' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Clear all filters' }).last().click();
    await expect(page).toHaveURL(/\/challenges\?sort=trueCost$/);
    await expect(cards(page)).toHaveCount(20);
  });

  test('a sort and a filter chosen before the page hydrated are the ones applied', async ({ page }) => {
    // The page's script waits until the sort and a filter are chosen in the server-rendered fields.
    const chosen = await holdAppScript(page);
    await page.goto('/challenges', { waitUntil: 'commit' });
    await page.getByLabel('Sort by').selectOption('costPer1k');
    // On a phone the filters open with a button, which needs the page's script: only the sort then.
    const noTimeLimit = page.getByRole('checkbox', { name: 'No time limit' });
    const filtersShown = await noTimeLimit.isVisible();
    if (filtersShown) await noTimeLimit.check();
    chosen();
    await waitForApp(page);
    await expect(page).toHaveURL(/[?&]sort=costPer1k(&|$)/);
    await expect(page.getByLabel('Sort by')).toHaveValue('costPer1k');
    if (filtersShown) {
      await expect(page).toHaveURL(/[?&]noTimeLimit=true(&|$)/);
      await expect(noTimeLimit).toBeChecked();
    }
  });

  test('pages of 20 and the sort, in the address', async ({ page }) => {
    await page.goto('/challenges?sort=costPer1k');
    await waitForApp(page);
    await expect(page.getByLabel('Sort by')).toHaveValue('costPer1k');
    const first = await cards(page).first().getAttribute('aria-label');
    await page.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/sort=costPer1k&page=2/);
    await expect(cards(page)).toHaveCount(20);
    await expect(cards(page).first()).not.toHaveAttribute('aria-label', first!);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  });

  test("linked from the home page and a firm page's Funding tab (the header: shell.spec.ts)", async ({
    page,
  }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('link', { name: 'Find a Challenge' }).click();
    await expect(page).toHaveURL(/\/challenges$/);
    await page.goto('/firm/northbridge?tab=funding');
    await waitForApp(page);
    await page.getByRole('link', { name: /Challenge Finder/ }).click();
    await expect(page).toHaveURL(/\/challenges$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Challenge Finder' })).toBeVisible();
    await page.getByRole('link', { name: 'How we compute true cost' }).click();
    await expect(page).toHaveURL(/\/methodology#true-cost$/);
    await expect(page.getByRole('heading', { name: 'How we compute true cost' })).toBeVisible();
  });
});

test('a filter change sends the filter analytics call, with consent', async ({ page }) => {
  await presetCookieConsent(page, { analytics: true, marketing: false });
  await page.goto('/challenges');
  await waitForApp(page);
  await showFilters(page);
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/filter',
  );
  await page.getByRole('button', { name: 'Futures', exact: true }).click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({
    activityType: 'filter',
    filterType: 'asset',
    filterValue: 'futures',
    context: 'challenges',
  });
  expect(body.resultsCount).toBeGreaterThan(0);
});
