import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

test.beforeEach(async ({ page, context, baseURL }) => {
  // Several axe scans of long pages per test take a while on a shared 2-core machine.
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await presetCookieConsent(page);
});

test('search from the hero to a firm', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByRole('button', { name: 'Compare Firms Now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Giveaways' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const box = page.getByRole('combobox', { name: 'Search prop firms' });
  await box.fill('h');
  await expect(page.getByRole('listbox')).toBeHidden();
  await box.fill('harbor');
  const option = page.getByRole('option', { name: /Harborline Funding/ });
  await expect(option).toBeVisible();
  await expect(option.getByText('View Details')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard: arrow to the first result and choose it.
  await box.press('ArrowDown');
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/firm\/harborline$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harborline Funding' })).toBeVisible();
  await expect(page).toHaveTitle('Harborline Funding Review & Analysis');
});

test('the search dropdown closes on an outside click', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('combobox', { name: 'Search prop firms' }).fill('north');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
});

test('filter and sort /firms through the URL', async ({ page }) => {
  await page.goto('/firms');
  await waitForApp(page);
  await expectNoSeriousA11yViolations(page);
  const cards = page.getByRole('article');
  const all = await cards.count();
  expect(all).toBeGreaterThan(10);
  // Every card shows its firm's whole name (long names were cut with an ellipsis, even on desktop).
  const cutNames = await cards
    .getByRole('heading', { level: 3 })
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
  expect(cutNames).toEqual([]);

  const futures = page.getByRole('button', { name: 'Futures', exact: true });
  await futures.click();
  await expect(page).toHaveURL(/market=futures/);
  await expect(futures).toHaveAttribute('aria-pressed', 'true');
  // The button turns before the filtered list arrives (the last list stays while it loads).
  await expect.poll(() => cards.count()).toBeLessThan(all);
  await expect(cards.filter({ hasText: 'Blockfield Traders' })).toHaveCount(0);

  // Clicking the active filter returns to All Markets.
  await futures.click();
  await expect(page.getByRole('button', { name: 'All Markets' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(all);

  const az = page.getByRole('button', { name: 'A-Z' });
  const rating = page.getByRole('button', { name: 'Rating' });
  await az.click();
  await expect(az).toHaveAttribute('aria-pressed', 'true');
  await rating.click();
  await expect(rating).toHaveAttribute('aria-pressed', 'true');
  await expect(az).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/sort=rating/);

  await page.getByRole('searchbox', { name: 'Search firms' }).fill('zzzz-no-such-firm');
  await expect(
    page.getByRole('heading', { name: 'No firms found matching "zzzz-no-such-firm"' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(cards).toHaveCount(all);

  // A shared filtered URL arrives server-rendered.
  const html = await (await page.request.get('/firms?market=crypto&sort=az')).text();
  expect(html).toContain('aria-pressed="true"');
  expect(html).toContain('aria-label="Blockfield Traders"');
  expect(html).not.toContain('aria-label="Ironclad Futures Desk"');

  await expect(page.getByRole('heading', { name: 'Firms Not Yet Listed' })).toBeVisible();
});

test('a /firms search that looks like an escape stays as typed, in the box and the server HTML', async ({
  page,
}) => {
  await page.goto('/firms');
  await waitForApp(page);
  const box = page.getByRole('searchbox', { name: 'Search firms' });
  await box.pressSequentially('%41', { delay: 50 });
  await expect(page).toHaveURL(/\/firms\?q=%2541$/);
  await expect(page.getByRole('heading', { name: 'No firms found matching "%41"' })).toBeVisible();
  // The box once turned the text into "A" when the address came back decoded.
  await page.waitForTimeout(500);
  await expect(box).toHaveValue('%41');

  // The server renders the list it prefetched for the same text, not a loading skeleton.
  const html = (await (await page.request.get('/firms?q=%2541')).text()).replaceAll('<!-- -->', '');
  expect(html).toContain('No firms found matching &quot;%41&quot;');
  const percent = (await (await page.request.get('/firms?q=100%25')).text()).replaceAll('<!-- -->', '');
  expect(percent).toMatch(/Showing 1-\d+ of \d+ firms/);
});

test('page through /firms; each page has its own server-rendered URL', async ({ page }) => {
  await page.goto('/firms?sort=rating');
  await waitForApp(page);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(24);
  const summary = page.getByText(/^Showing 1-24 of \d+ firms$/);
  await expect(summary).toBeVisible();
  const total = Number((await summary.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(24);
  const firstOnPage1 = await cards.first().getAttribute('aria-label');

  const pages = page.getByRole('navigation', { name: 'Pages of firms' });
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/firms\?sort=rating&page=2$/);
  await expect(page.getByText(`Showing 25-${Math.min(48, total)} of ${total} firms`)).toBeVisible();
  await expect(cards).toHaveCount(Math.min(24, total - 24));
  expect(await cards.first().getAttribute('aria-label')).not.toBe(firstOnPage1);
  await expect(pages.locator('[aria-current="page"]')).toHaveText('Page 2');
  await expectNoSeriousA11yViolations(page);

  // Changing a filter starts again at page 1.
  await page.getByRole('button', { name: 'CFD/Forex' }).click();
  await expect(page).toHaveURL(/\/firms\?market=cfd&sort=rating$/);

  // React separates text parts with empty comments in server HTML.
  const html = (await (await page.request.get('/firms?sort=rating&page=2')).text()).replaceAll(
    '<!-- -->',
    '',
  );
  expect(html).toContain(`Showing 25-${Math.min(48, total)} of ${total} firms`);
  expect(html).not.toContain(`aria-label="${firstOnPage1}"`);
  expect(html).toContain('<link rel="canonical" href="http://localhost');
  expect(html).toMatch(/rel="canonical" href="[^"]*\/firms\?page=2"/);

  const past = await page.goto('/firms?page=99');
  expect(past?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'There is no page 99' })).toBeVisible();
});

test('filter and search analytics count the firms the server found', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ essential: true, analytics: true, marketing: false, timestamp: Date.now() }),
    );
  });
  await page.goto('/firms');
  await waitForApp(page);

  const allFirms = Number(
    (await page.getByText(/^Showing 1-\d+ of \d+ firms$/).textContent())?.match(/of (\d+)/)?.[1],
  );
  const filterEvent = page.waitForRequest((r) => r.url().endsWith('/api/analytics/filter'));
  await page.getByRole('button', { name: 'Futures', exact: true }).click();
  const filter = (await filterEvent).postDataJSON();
  expect(filter).toMatchObject({
    activityType: 'filter',
    filterType: 'asset_class',
    filterValue: 'futures',
    context: 'firms_directory',
  });
  expect(filter.resultsCount).toBeGreaterThan(0);
  expect(filter.resultsCount).toBeLessThan(allFirms);
  const shown = Math.min(24, filter.resultsCount);
  await expect(page.getByText(`Showing 1-${shown} of ${filter.resultsCount} firms`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(shown);

  const searchEvent = page.waitForRequest((r) => r.url().endsWith('/api/analytics/search'));
  const typedAt = Date.now();
  await page.getByRole('searchbox', { name: 'Search firms' }).pressSequentially('desk', { delay: 50 });
  const search = (await searchEvent).postDataJSON();
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1000);
  expect(search).toMatchObject({ activityType: 'search', searchQuery: 'desk', context: 'firms_directory' });
  await expect(page).toHaveURL(/q=desk/);
  await expect(page.getByText(new RegExp(`of ${search.resultsCount} firms?$`))).toBeVisible();
});

test('every tab of a firm page', async ({ page }) => {
  await page.goto('/firm/brightwell');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Brightwell Funded Accounts' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('All Prop Firms');
  const visit = page.getByRole('link', { name: /Visit Website/ });
  await expect(visit).toHaveAttribute('href', '/outbound/brightwell');
  await expect(visit).toHaveAttribute('rel', 'sponsored noopener');
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(page.getByText('Tradable Assets')).toBeVisible();
  // Each asset says whether it is tradable, to assistive technology too (the mark is its only sign).
  await expect(page.getByRole('img', { name: 'Available', exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: /Funding/ }).click();
  await expect(page.getByRole('heading', { name: 'One-Step Evaluation' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Buy Now/ }).first()).toBeVisible();
  // A price's 'one-time' or '/month' stays whole: narrow cards broke it as 'one-' / 'time'.
  const pricingTypeLines = await page
    .getByText(/^(one-time|\/month)$/)
    .evaluateAll((els) => els.map((el) => el.getClientRects().length));
  expect(pricingTypeLines.length).toBeGreaterThan(0);
  expect(pricingTypeLines.every((lines) => lines === 1)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: /Coupons/ }).click();
  await page.getByRole('button', { name: 'Copy Code' }).first().click();
  await expect(page.getByText('Coupon Copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('BRIGHT30');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByText('Overall Rating')).toBeVisible();
  await expect(page.getByText('Top weekly reviews earn 50-250 bonus points!')).toBeVisible();
  // Signed out: no Write Review button.
  await expect(page.getByRole('button', { name: 'Write Review' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The open tab is in the address, so a reload or a shared link opens it again.
  await expect(page).toHaveURL(/\/firm\/brightwell\?tab=reviews$/);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('tab', { name: /Reviews/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Overall Rating')).toBeVisible();
  await page.getByRole('tab', { name: /Overview/ }).click();
  await expect(page).toHaveURL(/\/firm\/brightwell$/);
  await expect(page.getByText('Tradable Assets')).toBeVisible();
});

test('a tab whose code is gone after a deploy loads the page afresh instead of crashing', async ({
  page,
}) => {
  await page.goto('/firm/brightwell');
  await waitForApp(page);
  // The first request for the Funding tab's chunk fails, as a file of the previous build would.
  let failed = 0;
  await page.route(/\/assets\/funding-models-[^/]+\.js$/, (route) =>
    failed++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
  );
  const reloaded = page.waitForEvent('load');
  await page.getByRole('tab', { name: /Funding/ }).click();
  await reloaded;
  expect(failed).toBeGreaterThan(0);
  await waitForApp(page);
  await page.getByRole('tab', { name: /Funding/ }).click();
  await expect(page.getByRole('heading', { name: 'One-Step Evaluation' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('an unknown firm is a 404 page', async ({ page }) => {
  const res = await page.goto('/firm/no-such-firm-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Firm Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Firms' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Go Back/ })).toBeVisible();
});

test('write a review as a verified user and see it', async ({ page }, testInfo) => {
  // One review per user per firm: only one project may post it.
  test.skip(testInfo.project.name !== 'desktop', 'posted once, from the desktop project');
  await signInAsAdmin(page);
  await page.goto('/firm/switchyard');
  await waitForApp(page);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('heading', { name: 'No Reviews Yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Write the First Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review for Switchyard Futures' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Missing information', { exact: true })).toBeVisible();
  await dialog.getByRole('radio', { name: '4 stars' }).click();
  await dialog.getByLabel('Review Title').fill('Quick and fair payouts');
  await dialog.getByLabel('Your Review').fill('Two payouts so far, both within a day of asking.');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Quick and fair payouts' })).toBeVisible();
  await expect(page.getByText('Based on 1 review')).toBeVisible();
  // One review per firm: the author is shown theirs instead of a second dialog, after a reload too.
  await expect(page.getByText(/^You reviewed this firm on /)).toBeVisible();
  await expect(page.getByText('Your review', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Write (the First )?Review/ })).toHaveCount(0);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByText(/^You reviewed this firm on /)).toBeVisible();
  await expect(page.getByRole('button', { name: /Write (the First )?Review/ })).toHaveCount(0);
});

test('compare three firms', async ({ page }) => {
  await page.goto('/compare?firms=brightwell,ironclad-futures,tidewater');
  await waitForApp(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: /Brightwell Funded Accounts/ })).toBeVisible();
  await expect(table.getByRole('link', { name: /Ironclad Futures Desk/ })).toBeVisible();
  await expect(table.getByRole('link', { name: /Tidewater Prop Group/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /Profit split \(differs\)/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await table.getByRole('button', { name: 'Remove Tidewater Prop Group' }).click();
  await expect(page).toHaveURL(/firms=brightwell%2Cironclad-futures$|firms=brightwell,ironclad-futures$/);
  // Added by name through the fuzzy search, typo included: the page never loads the whole directory.
  await page.getByRole('searchbox', { name: 'Add a firm' }).fill('northbrdge');
  await page.getByRole('button', { name: 'Add Northbridge Capital Traders' }).click();
  await expect(table.getByRole('link', { name: /Northbridge Capital Traders/ })).toBeVisible();
  await expect(page).toHaveURL(/northbridge/);
});

test('compare: names that match no firm take no slot, and Enter adds the best match', async ({ page }) => {
  await page.goto('/compare?firms=NorthBridge,no-such-a,no-such-b,no-such-c');
  await waitForApp(page);
  const table = page.getByRole('table');
  // Slugs are matched whatever their case.
  await expect(table.getByRole('link', { name: /Northbridge Capital Traders/ })).toBeVisible();
  await expect(page.getByText('"no-such-a" was not found')).toBeVisible();
  await expect(page.getByText('1 of 4 firms')).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Add a firm' });
  await box.fill('brightwel');
  await expect(page.getByRole('button', { name: 'Add Brightwell Funded Accounts' })).toBeVisible();
  await box.press('Enter');
  await expect(table.getByRole('link', { name: /Brightwell Funded Accounts/ })).toBeVisible();
  // Adding a firm drops the names that matched nothing.
  await expect(page).toHaveURL(/firms=northbridge(%2C|,)brightwell$/);
  await expect(page.getByText('"no-such-a" was not found')).toBeHidden();
});

test('a review of one long word wraps inside its card', async ({ page }, testInfo) => {
  // One review per user per firm: the mobile project posts this one, the desktop one the other.
  test.skip(testInfo.project.name !== 'mobile', 'posted once, from the mobile project');
  await signInAsAdmin(page);
  await page.goto('/firm/cobalt-reef?tab=reviews');
  await waitForApp(page);
  await page.getByRole('button', { name: /^Write (the First )?Review$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Review Title').fill('T'.repeat(120));
  await dialog.getByLabel('Your Review').fill('x'.repeat(5000));
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'T'.repeat(120) })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the methodology page explains every badge', async ({ page }) => {
  await page.goto('/methodology');
  await waitForApp(page);
  for (const label of ['Approved', 'Caution', 'Avoid', 'Not Tested']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${label} trust rating`) })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});
