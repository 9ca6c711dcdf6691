import {
  clientAddress,
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  test,
  waitForApp,
} from './fixtures';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('one browser signs another out from the signed-in devices panel', async ({ page, browser }, info) => {
  const baseURL = info.project.use.baseURL as string;
  const tag = `ses${info.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const password = 'a long enough password';
  await presetCookieConsent(page);
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email, password, firstName: 'Sam', username: tag },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

  const other = await browser.newContext({
    baseURL,
    userAgent: FIREFOX_LINUX,
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(info.workerIndex) },
  });
  const second = await other.newPage();
  await presetCookieConsent(second);
  const signIn = await second.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email, password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await second.goto('/profile');
  await expect(second.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();

  await page.goto('/profile#sessions');
  await waitForApp(page);
  const panel = page.locator('#sessions');
  const rows = panel.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Firefox 133 on Linux' })).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Sign out of all other devices' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: info.outputPath(`sessions-panel-${info.project.name}.png`) });
  await expectNoSeriousA11yViolations(page, { include: ['#sessions'] });

  await panel.getByRole('button', { name: 'Sign out Firefox 133 on Linux' }).click();
  await expect(page.getByText('Device signed out', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Sign out of all other devices' })).toHaveCount(0);

  await second.goto('/profile');
  await expect(second).toHaveURL(
    (url) => url.pathname === '/auth' && url.searchParams.get('next') === '/profile',
  );
  await other.close();
});
