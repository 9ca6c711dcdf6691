// In a folder of its own: every file directly in pages/ is a page chunk of the build (lib/lazy-page.ts).
import { describe, expect, it } from 'vitest';
import { makeCoupon } from '../../../../tests/fixtures/coupons';
import type { Coupon } from '../../../domain/coupons';
import type { ApiResponse } from '../../../domain/render';
import { render } from '../../entry-server';
import { DEALS_SHOWN } from '../coupons-page';

const JSON_TYPE = 'application/json; charset=utf-8';

const coupon = (id: number, expiryDate: string | null): Coupon =>
  makeCoupon(id, {
    slug: `deal-${id}`,
    description: `${10 + (id % 30)}% off every challenge`,
    discountPercent: 10 + (id % 30),
    expiryDate,
  });

/** The /coupons page as the server renders it for a visitor without a session, with these coupons. */
async function renderCoupons(coupons: Coupon[]): Promise<string> {
  const result = await render({
    url: '/coupons',
    config: { publicUrl: 'http://localhost', showAdminLink: false },
    fetchApi: async (path): Promise<ApiResponse> =>
      path === '/api/coupons'
        ? { status: 200, contentType: JSON_TYPE, text: JSON.stringify(coupons), tags: [] }
        : { status: 401, contentType: JSON_TYPE, text: '{"message":"Authentication required"}', tags: [] },
  });
  // React separates adjacent text with comments.
  return result.html.replace(/<!-- -->/g, '');
}

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();

describe('CouponsPage', () => {
  it('shows every deal of a short list, with no button for more', async () => {
    const html = await renderCoupons(Array.from({ length: 5 }, (_, i) => coupon(i + 1, inAYear)));
    expect(html).toContain('CODE5');
    expect(html).not.toContain('Show more deals');
  });

  it('shows the first deals of a long list, how many there are, and a button for more', async () => {
    const many = Array.from({ length: 3 * DEALS_SHOWN }, (_, i) => coupon(i + 1, inAYear));
    const html = await renderCoupons(many);
    expect(html).toContain(`CODE${DEALS_SHOWN}<`);
    expect(html).not.toContain(`CODE${DEALS_SHOWN + 1}<`);
    expect(html).toContain(`Showing ${DEALS_SHOWN} of ${3 * DEALS_SHOWN} deals`);
    expect(html).toContain('Show more deals');
    // The stats count every active deal, not the ones shown.
    expect(html).toContain(`>${3 * DEALS_SHOWN}</p>`);
  });
});
