import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, presetCookieConsent, test } from './fixtures';

interface FirmDetails {
  id: number;
  name: string;
  affiliateUrl: string | null;
  website: string | null;
}

test.beforeEach(async ({ page }) => {
  await presetCookieConsent(page);
});

test('Visit Website opens the stored affiliate URL in a new tab through /outbound', async ({
  page,
  context,
  request,
}) => {
  const firm = (await (await request.get('/api/firms/northbridge/details')).json()) as FirmDetails;
  const target = firm.affiliateUrl ?? firm.website;
  expect(target).toBeTruthy();

  await page.goto('/firm/northbridge');
  const visit = page.getByRole('link', { name: /Visit Website/ });
  await expect(visit).toHaveAttribute('href', '/outbound/northbridge');
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('rel', /sponsored/);
  await expect(visit).toHaveAttribute('rel', /noopener/);

  const outbound = context.waitForEvent(
    'response',
    (r) => new URL(r.url()).pathname === '/outbound/northbridge',
  );
  // The firms' sites are fictional (and a tab opened with noopener is not routed by every
  // Chromium build): the new tab asking for the target after the redirect is the proof.
  const followed = context.waitForEvent('request', (r) => r.url() === target && r.isNavigationRequest());
  await Promise.all([page.waitForEvent('popup'), visit.click()]);
  const redirect = await outbound;
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe(target);
  await followed;
});

test('with analytics consent, an outbound link carries the session id, and the server HTML does not', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ essential: true, analytics: true, marketing: false, timestamp: Date.now() }),
    );
  });
  await context.route(/\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: 'firm site' }),
  );
  const html = await (await page.request.get('/firm/northbridge')).text();
  expect(html).toContain('href="/outbound/northbridge"');
  expect(html).not.toContain('sid=');

  await page.goto('/firm/northbridge');
  await page.waitForLoadState('networkidle');
  const visit = page.getByRole('link', { name: /Visit Website/ });
  const outbound = context.waitForEvent(
    'request',
    (r) => new URL(r.url()).pathname === '/outbound/northbridge',
  );
  await Promise.all([page.waitForEvent('popup'), visit.click()]);
  const sid = new URL((await outbound).url()).searchParams.get('sid');
  expect(sid).toMatch(/^[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => window.sessionStorage.getItem('pfc-session-id'))).toBe(sid);
});

test('without analytics consent, an outbound link carries no session id', async ({ page, context }) => {
  await context.route(/\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: 'firm site' }),
  );
  await page.goto('/coupons');
  await page.waitForLoadState('networkidle');
  const deal = page.getByRole('link', { name: /Get Deal/ }).first();
  const outbound = context.waitForEvent('request', (r) =>
    new URL(r.url()).pathname.startsWith('/outbound/coupon/'),
  );
  await Promise.all([page.waitForEvent('popup'), deal.click()]);
  expect(new URL((await outbound).url()).search).toBe('');
  expect(await page.evaluate(() => window.sessionStorage.getItem('pfc-session-id'))).toBeNull();
});

test('an outbound link never follows a URL taken from the request', async ({ request }) => {
  const res = await request.get('/outbound/northbridge?url=https://evil.example/', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).not.toContain('evil');
});

test('the widget renders inside an iframe on a page of another origin', async ({ page, baseURL }) => {
  const firm = (await (await page.request.get('/api/firms/northbridge/details')).json()) as FirmDetails;
  // A real partner site on another port is another origin; it must be a real server on this
  // machine, since Chromium blocks a page of unknown address from framing localhost.
  const partner = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Partner</title><h1>A partner blog</h1>
      <iframe id="w" src="${baseURL}/widget/firm/${firm.id}" width="340" height="220" title="Firm widget"></iframe>`);
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const { port } = partner.address() as AddressInfo;
  try {
    await page.goto(`http://127.0.0.1:${port}/article`);
    const widget = page.frameLocator('#w');
    await expect(widget.getByText(firm.name)).toBeVisible();
    await expect(widget.getByRole('link').first()).toHaveAttribute('href', /\/firm\/northbridge/);
  } finally {
    partner.close();
  }
});
