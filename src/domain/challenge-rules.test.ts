import { describe, expect, it } from 'vitest';
import {
  computeTrueCost,
  countSteps,
  DRAWDOWN_TYPE_LABELS,
  DRAWDOWN_TYPES,
  drawdownTypeLabel,
  isNewsTradingAllowed,
  matchesAsset,
  platformSlug,
  roundCents,
  type TrueCostOption,
} from './challenge-rules';

const option = (overrides: Partial<TrueCostOption> = {}): TrueCostOption => ({
  price: 100,
  pricingType: 'one-time',
  capital: 50_000,
  steps: 2,
  feeRefundable: false,
  activationFee: null,
  resetPrice: null,
  discountPercent: null,
  cashbackPercentage: null,
  ...overrides,
});
const tenPercent = { passRate: 0.1, monthsPerAttempt: 1 };

describe('computeTrueCost', () => {
  it('pays the fee once per expected attempt: 1 / pass rate attempts', () => {
    expect(computeTrueCost(option(), tenPercent)).toEqual({
      priceAfterCoupon: 100,
      trueCost: 1000,
      costPer1k: 20,
    });
    expect(computeTrueCost(option(), { passRate: 0.25, monthsPerAttempt: 1 }).trueCost).toBe(400);
    expect(computeTrueCost(option(), { passRate: 1, monthsPerAttempt: 1 }).trueCost).toBe(100);
  });

  it('takes the best coupon off the price before anything else', () => {
    const cost = computeTrueCost(option({ price: 99.99, discountPercent: 20 }), tenPercent);
    expect(cost.priceAfterCoupon).toBe(79.99);
    // 79.992 per attempt, ten attempts
    expect(cost.trueCost).toBe(799.92);
  });

  it('retries at the reset price when it is cheaper than a new account, never when dearer', () => {
    // first attempt 100, nine resets of 40
    expect(computeTrueCost(option({ resetPrice: 40 }), tenPercent).trueCost).toBe(460);
    expect(computeTrueCost(option({ resetPrice: 250 }), tenPercent).trueCost).toBe(1000);
    // the reset is compared with the discounted fee
    expect(computeTrueCost(option({ resetPrice: 90, discountPercent: 50 }), tenPercent).trueCost).toBe(500);
  });

  it('takes the refunded fee back at the discounted price, times the pass rate of reaching the payout', () => {
    // ten attempts of 100, less 100 x 0.1
    expect(computeTrueCost(option({ feeRefundable: true }), tenPercent).trueCost).toBe(990);
    // ten attempts of 90, less 90 x 0.1
    expect(computeTrueCost(option({ feeRefundable: true, discountPercent: 10 }), tenPercent).trueCost).toBe(
      891,
    );
  });

  it('keeps a refundable fee priced above 0 above $0 at every pass rate below 100%', () => {
    const cases: [TrueCostOption, number, number][] = [
      // 100 attempts of 100, less 100 x 0.01
      [option({ feeRefundable: true }), 0.01, 9999],
      // 100 / 0.35 = 285.714..., less 35
      [option({ feeRefundable: true }), 0.35, 250.71],
      // 100 / 0.99 = 101.0101..., less 99
      [option({ feeRefundable: true }), 0.99, 2.01],
      // instant: one attempt of 100, less 100 x 0.1, whatever the pass rate does to attempts
      [option({ feeRefundable: true, steps: 0 }), 0.1, 90],
      [option({ feeRefundable: true, steps: 0 }), 0.99, 1],
      // 40.99 less 4.099
      [option({ feeRefundable: true, steps: 0, price: 40.99 }), 0.1, 36.89],
      // 99.99 at 20% off is 79.992; two attempts of it, less 79.992 x 0.5
      [option({ feeRefundable: true, price: 99.99, discountPercent: 20 }), 0.5, 119.99],
    ];
    for (const [refundable, passRate, expected] of cases) {
      const cost = computeTrueCost(refundable, { passRate, monthsPerAttempt: 1 }).trueCost;
      expect(cost, `${refundable.price} at ${passRate}`).toBe(expected);
      expect(cost).toBeGreaterThan(0);
    }
    // a monthly fee is refunded once, not for every month of the attempt: two attempts of 3 x 50, less 50 x 0.5
    const monthly = option({ feeRefundable: true, pricingType: 'monthly', price: 50 });
    expect(computeTrueCost(monthly, { passRate: 0.5, monthsPerAttempt: 3 }).trueCost).toBe(275);
    // only a certain payout gives the whole fee back
    expect(
      computeTrueCost(option({ feeRefundable: true }), { passRate: 1, monthsPerAttempt: 1 }).trueCost,
    ).toBe(0);
  });

  it('never goes below zero', () => {
    // instant, 95% cashback: 100 x 0.05 = 5, less 100 x 0.1
    const cost = computeTrueCost(
      option({ feeRefundable: true, steps: 0, cashbackPercentage: 95 }),
      tenPercent,
    );
    expect(cost).toEqual({ priceAfterCoupon: 100, trueCost: 0, costPer1k: 0 });
  });

  it('counts months per attempt for a monthly account, and only for it', () => {
    const monthly = option({ pricingType: 'monthly', price: 50 });
    expect(computeTrueCost(monthly, { passRate: 0.5, monthsPerAttempt: 3 }).trueCost).toBe(300);
    expect(computeTrueCost(option(), { passRate: 0.5, monthsPerAttempt: 3 }).trueCost).toBe(200);
    // a reset cheaper than the months of an attempt replaces them
    expect(
      computeTrueCost({ ...monthly, resetPrice: 80 }, { passRate: 0.5, monthsPerAttempt: 3 }).trueCost,
    ).toBe(230);
  });

  it('charges instant funding once whatever the pass rate, plus its activation fee', () => {
    const instant = option({ steps: 0, price: 300, activationFee: 130 });
    expect(computeTrueCost(instant, tenPercent).trueCost).toBe(430);
    expect(computeTrueCost(instant, { passRate: 0.01, monthsPerAttempt: 24 }).trueCost).toBe(430);
  });

  it('gives the cashback back on what was paid, not on the activation fee', () => {
    const cost = computeTrueCost(option({ cashbackPercentage: 10, activationFee: 50 }), tenPercent);
    expect(cost.trueCost).toBe(950);
    expect(cost.costPer1k).toBe(19);
  });

  it('rounds to cents, and the cost per $1,000 from the rounded cost', () => {
    const cost = computeTrueCost(option({ price: 33.33, capital: 7_000 }), {
      passRate: 0.3,
      monthsPerAttempt: 1,
    });
    expect(cost.trueCost).toBe(111.1);
    expect(cost.costPer1k).toBe(15.87);
    expect(roundCents(1.005)).toBe(1.01);
  });
});

describe('challenge rules', () => {
  it('counts the phases with a profit target as steps, none as instant', () => {
    expect(countSteps({ profitTargetPhase1: 8, profitTargetPhase2: 5, profitTargetPhase3: null })).toBe(2);
    expect(countSteps({ profitTargetPhase1: null, profitTargetPhase2: null, profitTargetPhase3: null })).toBe(
      0,
    );
    expect(countSteps({ profitTargetPhase1: 0, profitTargetPhase2: null, profitTargetPhase3: null })).toBe(0);
    expect(countSteps({ profitTargetPhase1: 8, profitTargetPhase2: 5, profitTargetPhase3: 5 })).toBe(3);
  });

  it('has a label for each of the five drawdown types', () => {
    expect(DRAWDOWN_TYPES).toHaveLength(5);
    for (const type of DRAWDOWN_TYPES) expect(drawdownTypeLabel(type)).toBe(DRAWDOWN_TYPE_LABELS[type]);
    expect(drawdownTypeLabel('trailing-eod')).toBe('Trailing (end of day)');
    expect(drawdownTypeLabel(null)).toBeNull();
    expect(drawdownTypeLabel('Trailing')).toBeNull();
  });

  it('reads news trading texts that start with Allowed as allowed', () => {
    expect(isNewsTradingAllowed('Allowed')).toBe(true);
    expect(isNewsTradingAllowed('Allowed in evaluation, restricted on funded accounts')).toBe(true);
    expect(isNewsTradingAllowed('Not allowed 2 minutes before and after high-impact news')).toBe(false);
    expect(isNewsTradingAllowed('Restricted around tier-1 releases')).toBe(false);
    expect(isNewsTradingAllowed(null)).toBe(false);
  });

  it('matches the asset class on the model, else on the firm', () => {
    expect(matchesAsset('cfd', 'Forex', 'Futures')).toBe(true);
    expect(matchesAsset('futures', 'Forex', 'Futures')).toBe(false);
    expect(matchesAsset('futures', null, 'Futures')).toBe(true);
    expect(matchesAsset('crypto', '', 'CFD/Forex')).toBe(false);
  });

  it('names platforms in lower case with dashes', () => {
    expect(platformSlug('MetaTrader 5')).toBe('metatrader-5');
    expect(platformSlug('cTrader')).toBe('ctrader');
  });
});
