import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  readStoredConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

test.describe('navigation', () => {
  test('desktop: every link, the More menu and the active link', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the inline links are desktop only');
    await presetCookieConsent(page);
    await page.goto('/');
    await waitForApp(page);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Open menu' })).toBeHidden();

    for (const [name, path] of [
      ['All Prop Firms', '/firms'],
      ['Challenges', '/challenges'],
      ['News', '/blog'],
      ['Coupon Codes', '/coupons'],
      ['Home', '/'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }

    const more = nav.getByRole('button', { name: 'More' });
    const moreList = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
    for (const [name, path] of [
      ['Giveaways', '/giveaways'],
      ['Earn Points', '/earn-points'],
    ] as const) {
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(moreList.getByRole('link')).toHaveText(['Giveaways', 'Earn Points']);
      await moreList.getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(moreList).toBeHidden();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(moreList.locator('a', { hasText: name })).toHaveAttribute('aria-current', 'page');
    }

    await nav.getByRole('link', { name: 'Log In / Sign Up' }).click();
    await expect(page).toHaveURL('/auth');
    await nav.getByRole('link', { name: 'Prop Firm Club' }).click();
    await expect(page).toHaveURL('/');
  });

  test('desktop: the More menu is a disclosure that Escape, an outside click and Tab-away close', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the More menu is desktop only');
    await presetCookieConsent(page);
    await page.goto('/');
    await waitForApp(page);
    const more = mainNav(page).getByRole('button', { name: 'More' });
    const moreList = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(moreList).toBeHidden();

    // Keyboard: Enter opens, Tab reaches the links, Escape closes and gives focus back to the button.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(moreList).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(moreList.getByRole('link', { name: 'Giveaways' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(moreList).toBeHidden();
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute('aria-expanded', 'false');

    // A click elsewhere closes it.
    await more.click();
    await expect(moreList).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(moreList).toBeHidden();

    // Tabbing past the last link closes it.
    await more.click();
    await moreList.getByRole('link', { name: 'Earn Points' }).focus();
    await page.keyboard.press('Tab');
    await expect(moreList).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  test('tabs: arrow keys, Home and End move between tabs and select them', async ({ page }) => {
    await presetCookieConsent(page);
    await page.goto('/auth');
    await waitForApp(page);
    const logIn = page.getByRole('tab', { name: 'Log In' });
    const signUp = page.getByRole('tab', { name: 'Sign Up' });
    await expect(logIn).toHaveAttribute('aria-selected', 'true');
    await expect(signUp).toHaveAttribute('tabindex', '-1');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel).toHaveAttribute('aria-labelledby', (await logIn.getAttribute('id')) ?? '');

    await logIn.focus();
    await page.keyboard.press('ArrowRight');
    await expect(signUp).toBeFocused();
    await expect(signUp).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      (await signUp.getAttribute('id')) ?? '',
    );
    await page.keyboard.press('ArrowRight');
    await expect(logIn).toBeFocused();
    await expect(logIn).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(signUp).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(logIn).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(signUp).toBeFocused();
    await expect(signUp).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(page, { include: ['main'] });
  });

  test('the nav stays at the top while scrolling', async ({ page }) => {
    await presetCookieConsent(page);
    await page.goto('/');
    await waitForApp(page);
    await page.mouse.wheel(0, 2000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = await page.locator('header').first().boundingBox();
    expect(box?.y).toBe(0);
    await expect(mainNav(page).getByRole('link', { name: 'Prop Firm Club' })).toBeInViewport();
  });

  test('mobile: the slide-out panel holds the links and closes when one is chosen', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the panel replaces the inline links below the lg breakpoint');
    await presetCookieConsent(page);
    await page.goto('/');
    await waitForApp(page);
    await expect(mainNav(page).getByRole('link', { name: 'All Prop Firms' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText([
      'Home',
      'All Prop Firms',
      'Challenges',
      'News',
      'Coupon Codes',
      'Giveaways',
      'Earn Points',
      'Log In / Sign Up',
    ]);
    const box = await panel.boundingBox();
    expect(box && Math.round(box.x + box.width)).toBe(390);
    await page.screenshot({ path: '/tmp/shots/mobile-panel.png' });

    await panel.getByRole('link', { name: 'News' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(panel).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL('/blog');
  });

  test('mobile: Escape and the close button give focus back to the Open menu button', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the panel replaces the inline links below the lg breakpoint');
    await presetCookieConsent(page);
    await page.goto('/');
    await waitForApp(page);
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    const panel = page.getByRole('dialog', { name: 'Menu' });

    await openMenu.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(openMenu).toBeFocused();

    await openMenu.click();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(openMenu).toBeFocused();
  });

  test('footer links and claims', async ({ page }, testInfo) => {
    await presetCookieConsent(page);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Verification Tool', '/verify-giveaway'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Affiliate Disclosure', '/affiliate-disclosure'],
      ['Cookie Policy', '/cookie-policy'],
      ['Contact', '/contact'],
      ['Giveaways', '/giveaways'],
      ['All Prop Firms', '/firms'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const link of await footer.locator('a[target="_blank"]').all()) {
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(footer.locator('a[target="_blank"]')).toHaveCount(2);
    await expect(footer).toContainText('Join 10,000+ traders');
    await expect(footer).toContainText('© 2024 Prop Firm Club. All rights reserved.');
    await expect(footer).toContainText('not financial advice');
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({ path: `/tmp/shots/footer-${testInfo.project.name}.png` });
  });
});

test.describe('cookie banner', () => {
  test('Accept All stores full consent and the banner stays away after a reload', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await waitForApp(page);
    await expect(banner(page)).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/banner-${testInfo.project.name}.png` });
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await readStoredConsent(page)).toMatchObject({
      essential: true,
      analytics: true,
      marketing: true,
    });

    await page.reload();
    await waitForApp(page);
    await expect(banner(page)).toBeHidden();
  });

  test('Essential Only stores essential cookies alone', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await banner(page).getByRole('button', { name: 'Essential Only' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await readStoredConsent(page)).toMatchObject({
      essential: true,
      analytics: false,
      marketing: false,
    });
    await page.reload();
    await waitForApp(page);
    await expect(banner(page)).toBeHidden();
  });

  test('Customize shows the toggles; close returns to the short view', async ({ page }, testInfo) => {
    await page.goto('/');
    await waitForApp(page);
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    const essential = banner(page).getByRole('switch', { name: 'Essential Cookies' });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await expect(banner(page).getByRole('switch', { name: 'Analytics Cookies' })).not.toBeChecked();
    await expect(banner(page).getByRole('switch', { name: 'Marketing Cookies' })).not.toBeChecked();
    await expect(banner(page)).toContainText('Help us understand how you use our website');
    await expect(banner(page)).toContainText('Used to show relevant ads and measure effectiveness');
    await expect(banner(page).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/cookie-policy',
    );
    await page.screenshot({ path: `/tmp/shots/banner-details-${testInfo.project.name}.png` });
    await expectNoSeriousA11yViolations(page, { include: ['[aria-label="Cookie consent"]'] });

    await banner(page).getByRole('button', { name: 'Close cookie settings' }).click();
    await expect(banner(page).getByRole('button', { name: 'Accept All' })).toBeVisible();
    await expect(banner(page).getByRole('switch')).toHaveCount(0);
    expect(await readStoredConsent(page)).toBeNull();
  });

  test('the analytics toggle saves analytics on and marketing off', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    await banner(page).getByRole('switch', { name: 'Analytics Cookies' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await readStoredConsent(page)).toMatchObject({
      essential: true,
      analytics: true,
      marketing: false,
    });
  });

  test('the marketing toggle, by keyboard, saves marketing on and analytics off', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    const marketing = banner(page).getByRole('switch', { name: 'Marketing Cookies' });
    await marketing.focus();
    await page.keyboard.press('Space');
    await expect(banner(page)).toBeHidden();
    expect(await readStoredConsent(page)).toMatchObject({
      essential: true,
      analytics: false,
      marketing: true,
    });
  });

  test('the skip link is the first stop of the page, the banner the next', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('link', { name: 'Cookie Policy' })).toBeFocused();
    // Still shown fixed at the bottom of the window.
    const box = await banner(page).boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(page.viewportSize()?.height);
  });

  test('the banner can be answered with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const accept = banner(page).getByRole('button', { name: 'Accept All' });
    for (let i = 0; i < 60 && !(await accept.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
  });
});

test('a failed page load shows the crash screen, and Go Home leaves it', async ({ page, isMobile }) => {
  await presetCookieConsent(page);
  await page.goto('/');
  await waitForApp(page);
  await page.route('**/assets/coupons-page-*.js', (route) => route.abort());
  // As if the page had just been loaded afresh for a missing chunk (entry-client.tsx): a chunk
  // that is still missing then ends here rather than in another full load.
  await page.evaluate(() => sessionStorage.setItem('pfc:chunk-reload', String(Date.now())));
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Coupon Codes' }).click();
  } else {
    await mainNav(page).getByRole('link', { name: 'Coupon Codes' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText(
      'We apologize for the inconvenience. An unexpected error occurred while loading this page.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
});

test('a link whose page code is gone after a deploy loads that page afresh', async ({ page, isMobile }) => {
  await presetCookieConsent(page);
  await page.goto('/');
  await waitForApp(page);
  // The first request for the page's chunk fails, as a file of the previous build would.
  let failed = 0;
  await page.route('**/assets/coupons-page-*.js', (route) =>
    failed++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
  );
  const loaded = page.waitForEvent('load');
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Coupon Codes' }).click();
  } else {
    await mainNav(page).getByRole('link', { name: 'Coupon Codes' }).click();
  }
  await loaded;
  expect(failed).toBeGreaterThan(0);
  await expect(page).toHaveURL('/coupons');
  await expect(
    page.getByRole('heading', { level: 1, name: 'The Best Deals All in One Place' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('a link keeps the current page on screen until the code of the next page arrives', async ({ page }) => {
  await presetCookieConsent(page);
  await page.goto('/methodology');
  await waitForApp(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/affiliate-disclosure-page-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.locator('footer').getByRole('link', { name: 'Affiliate Disclosure', exact: true }).click();
  // While the chunk is held back: still the methodology page, and no loading placeholder.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { level: 1, name: 'How We Rate Prop Firms' })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Disclosure' })).toBeVisible();
  await expect(page).toHaveURL('/affiliate-disclosure');
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  await presetCookieConsent(page);
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Prop Firm Club');
});

test.describe('page-view analytics', () => {
  test('with analytics consent, a page view is posted for each distinct path', async ({ page, isMobile }) => {
    await presetCookieConsent(page, { analytics: true, marketing: false });
    const paths: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/pageview') {
        paths.push((request.postDataJSON() as { path: string }).path);
      }
    });
    const first = page.waitForRequest((r) => r.url().endsWith('/api/analytics/pageview'));
    await page.goto('/');
    const request = await first;
    expect(request.postDataJSON()).toMatchObject({
      path: '/',
      device: isMobile ? 'mobile' : 'desktop',
      browser: 'Chrome',
    });
    await waitForApp(page);
    const second = page.waitForRequest((r) => r.url().endsWith('/api/analytics/pageview'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    expect((await second).postDataJSON()).toMatchObject({ path: '/contact' });
    expect(paths).toEqual(['/', '/contact']);
  });

  test('without analytics consent no page view is sent', async ({ page }) => {
    await presetCookieConsent(page, { analytics: false, marketing: true });
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/analytics/')) sent++;
    });
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await page.waitForLoadState('networkidle');
    // The beacon goes 100 ms after a route change; a second more leaves no doubt.
    await page.waitForTimeout(1000);
    expect(sent).toBe(0);
  });

  test('on a first visit, before any choice, no page view is sent', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/analytics/pageview') sent++;
    });
    await page.goto('/');
    await waitForApp(page);
    await page.waitForTimeout(1000);
    expect(sent).toBe(0);
  });
});

test.describe('accessibility', () => {
  test('the shell has no serious or critical axe violation', async ({ page }, testInfo) => {
    await page.goto('/');
    await waitForApp(page);
    await expect(banner(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, {
      include: ['header', 'footer', '[aria-label="Cookie consent"]'],
    });
    await page.screenshot({ path: `/tmp/shots/home-${testInfo.project.name}.png` });
  });

  test('the home page as a whole has no serious or critical axe violation', async ({ page }) => {
    await presetCookieConsent(page);
    await page.goto('/');
    await waitForApp(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('signed in', () => {
  test('the nav shows Profile with the points badge and, for an admin, the Admin link', async ({
    page,
    isMobile,
  }) => {
    await presetCookieConsent(page);
    await signInAsAdmin(page);
    await page.goto('/coupons');
    await waitForApp(page);
    const user = (await (await page.request.get('/api/auth/user')).json()) as { points: number };
    let scope = mainNav(page);
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      scope = page.getByRole('dialog', { name: 'Menu' });
    }
    await expect(scope.getByRole('link', { name: 'Log In / Sign Up' })).toHaveCount(0);
    const profile = scope.getByRole('link', { name: /^Profile/ });
    await expect(profile).toHaveAttribute('href', '/profile');
    await expect(profile).toContainText(`${user.points.toLocaleString('en-US')} points`);
    await expect(scope.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await page.screenshot({ path: `/tmp/shots/signed-in-${test.info().project.name}.png` });
    await scope.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin');
  });
});

test.describe('toasts', () => {
  /** Client-side navigation without a link: React Router follows popstate. */
  async function navigateInApp(page: Page, url: string) {
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  }

  test('one toast at a time, F8 focuses the region, destructive styling, size', async ({
    page,
    isMobile,
  }) => {
    await presetCookieConsent(page);
    await page.goto('/?verified=true');
    const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText('Email Verified!');
    await expect(page).toHaveURL('/');

    await navigateInApp(page, '/?verification=expired');
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText('Verification link expired');
    await expect(toasts.first()).toHaveAttribute('data-variant', 'destructive');
    const color = await toasts.first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(color).not.toBe('rgb(255, 255, 255)');

    const box = await toasts.first().boundingBox();
    if (isMobile) expect(Math.round(box!.width)).toBeGreaterThan(340);
    else expect(box!.width).toBeLessThanOrEqual(420);
    await page.screenshot({ path: `/tmp/shots/toast-${test.info().project.name}.png` });

    await page.keyboard.press('F8');
    const focusedInRegion = await page.evaluate(
      () => document.activeElement?.closest('[aria-label^="Notifications"]') !== null,
    );
    expect(focusedInRegion).toBe(true);
  });

  test('swiping right past 50 px dismisses a toast; a shorter swipe does not', async ({ page }) => {
    await presetCookieConsent(page);
    await page.goto('/?verified=true');
    const item = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(item).toContainText('Email Verified!');
    await waitForApp(page);

    const swipe = async (distance: number) => {
      const box = (await item.boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + 20;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++) await page.mouse.move(x + (distance * step) / 10, y);
      await page.mouse.up();
    };
    await swipe(30);
    await expect(item).toBeVisible();
    await swipe(120);
    await expect(item).toHaveCount(0);
  });
});
