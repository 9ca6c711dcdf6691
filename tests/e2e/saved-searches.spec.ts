import type { AdminFirm } from '../../src/domain/admin-firms';
import { emptyFirm, emptyFundingModel } from '../../src/domain/admin-firms';
import { readOutbox } from '../../src/server/lib/mailer';
import { expect, newTrader, presetCookieConsent, signInAsAdmin, test, waitForApp } from './fixtures';

test('a saved search mails a price cut, and the finder card shows the drop', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const origin = info.project.use.baseURL as string;
  const run = `${info.project.name}-${Date.now().toString(36)}`;
  // An account size no other firm has, so the search finds this firm's option alone.
  const capital = 71_000 + (info.project.name === 'mobile' ? 1_000 : 0) + (Date.now() % 500) * 2;
  const searchName = `Alert ${run}`;

  await presetCookieConsent(page);
  await signInAsAdmin(page);
  const created = await page.request.post('/api/admin/firms', {
    headers: { origin },
    data: {
      ...emptyFirm(),
      slug: `e2e-alerts-${run}`,
      name: `Alert Firm ${run}`,
      status: 'listed',
      trustRating: 'approved',
      fundingModels: [
        {
          ...emptyFundingModel(),
          name: 'Two-Step',
          profitTargetPhase1: 8,
          profitTargetPhase2: 5,
          accounts: [
            {
              capital,
              price: 400,
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
  });
  expect(created.status(), await created.text()).toBe(201);
  const firm = (await created.json()) as AdminFirm;

  // A verified trader saves the finder's view.
  const trader = await newTrader(browser, page, info, 'ss');
  await trader.page.goto(`/challenges?size=${capital}&pass=20`);
  await waitForApp(trader.page);
  await expect(trader.page.getByTestId('challenge-card')).toHaveCount(1);
  await trader.page.getByRole('button', { name: 'Save search' }).click();
  await trader.page.getByLabel('Name', { exact: true }).fill(searchName);
  await trader.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(trader.page.getByText(`Saved "${searchName}"`).first()).toBeVisible();

  // The admin cuts the price.
  const { id, version, createdAt: _c, updatedAt: _u, ...input } = firm;
  input.fundingModels[0].accounts[0].price = 300;
  const saved = await page.request.put(`/api/admin/firms/${id}`, {
    headers: { origin },
    data: { version, firm: input },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The alert arrives with the change.
  const dataDir = process.env.PFC_E2E_DATA_DIR as string;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(dataDir)).find(
        (m) => m.subject === `New or cheaper challenges for "${searchName}"`,
      );
      return mail?.text ?? '';
    })
    .toContain('$400 → $300');

  // The card shows the drop, and the profile lists the search with what it finds now.
  await trader.page.goto(`/challenges?size=${capital}&pass=20`);
  await waitForApp(trader.page);
  await expect(trader.page.getByTestId('price-dropped')).toHaveText('Price dropped $100');
  await expect(trader.page.getByTestId('lowest-90')).toBeVisible();
  await trader.page.screenshot({ path: info.outputPath('finder-badge.png') });
  await trader.page.goto('/profile');
  await waitForApp(trader.page);
  const row = trader.page.getByTestId('saved-search').filter({ hasText: searchName });
  await expect(row).toContainText('1 option now, lowest true cost $1,500');
  await row.getByRole('button', { name: `Rename ${searchName}` }).click();
  await trader.page.getByLabel('New name').fill(`${searchName} renamed`);
  await trader.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(trader.page.getByRole('link', { name: `${searchName} renamed` })).toBeVisible();
  await trader.close();
});
