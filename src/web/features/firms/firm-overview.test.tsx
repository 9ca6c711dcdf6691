import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Account, FirmCoupon, FirmDetails } from '../../../domain/firms';
import { PriceTable } from './firm-overview';

const account = (id: number, capital: number, price: number, pricingType = 'one-time'): Account => ({
  id,
  fundingModelId: 1,
  capital,
  price,
  pricingType,
  maxContracts: null,
  activationFee: null,
  resetPrice: null,
  disclaimer: null,
});

const coupon = (code: string, discountPercent: number | null): FirmCoupon => ({
  id: code.length,
  slug: null,
  code,
  title: null,
  description: 'Weekend sale: 25% off two-step accounts',
  discountPercent,
  expiryDate: null,
  isActive: true,
  featured: false,
  affiliateUrl: null,
});

// Only what the price table reads: its accounts, their funding model's name and the coupons.
const firm = (coupons: FirmCoupon[], accounts = [account(1, 10_000, 100), account(2, 50_000, 300)]) =>
  ({ fundingModels: [{ id: 1, name: 'One-Step Evaluation' }], accounts, coupons }) as unknown as FirmDetails;

// React separates adjacent text with comments; elements become spaces.
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('PriceTable', () => {
  it('applies the best coupon with a known percentage', () => {
    const html = text(renderToString(<PriceTable firm={firm([coupon('SAVE20', 20)])} />));
    expect(html).toContain('With code SAVE20 (20% off)');
    expect(html).toContain('With coupon');
    expect(html).toContain('$10K One-Step Evaluation $100 $100 $80');
  });

  it('shows no discounted column without a coupon, or with one whose percentage is unknown', () => {
    for (const coupons of [[], [coupon('HARBOR25', null)]]) {
      const html = text(renderToString(<PriceTable firm={firm(coupons)} />));
      expect(html).not.toContain('With coupon');
      expect(html).not.toContain('With code');
      expect(html).toContain('$10K One-Step Evaluation $100 $100 ');
    }
  });

  it("marks a monthly price '/month' and leaves one-time fees plain", () => {
    const html = text(
      renderToString(
        <PriceTable firm={firm([], [account(1, 25_000, 48.99, 'monthly'), account(2, 25_000, 147.99)])} />,
      ),
    );
    expect(html).toContain('$48.99 /month');
    expect(html).not.toContain('$147.99 /month');
  });
});
