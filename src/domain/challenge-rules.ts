import { MARKET_KEYWORDS } from './firm-rules';
import type { PayoutRecordFilter, PayoutTier } from './payout-rules';
import { slugify } from './slug';

/**
 * The challenge finder's rules, shared by the server (GET /api/challenges) and the browser
 * (/challenges): drawdown types, steps, the true cost of getting funded, the query's values and
 * defaults. No zod here: the page imports it (the zod contract is in the challenges module).
 */

// ---------------------------------------------------------------- drawdown types

/** A funding model's drawdown type: one of five values (the admin firm editor's select uses these). */
export const DRAWDOWN_TYPES = ['static', 'balance', 'equity', 'trailing-intraday', 'trailing-eod'] as const;
export type DrawdownType = (typeof DRAWDOWN_TYPES)[number];

/** What each drawdown type is called on screen. */
export const DRAWDOWN_TYPE_LABELS: Readonly<Record<DrawdownType, string>> = {
  static: 'Static',
  balance: 'Balance-based',
  equity: 'Equity-based',
  'trailing-intraday': 'Trailing (intraday)',
  'trailing-eod': 'Trailing (end of day)',
};

export const isDrawdownType = (value: unknown): value is DrawdownType =>
  typeof value === 'string' && (DRAWDOWN_TYPES as readonly string[]).includes(value);

/** The label of a stored drawdown type; null when there is none. */
export const drawdownTypeLabel = (value: string | null | undefined): string | null =>
  isDrawdownType(value) ? DRAWDOWN_TYPE_LABELS[value] : null;

// ---------------------------------------------------------------- steps, news trading

/** 0 for instant funding, otherwise the number of phases with a profit target (above 0). */
export function countSteps(model: {
  profitTargetPhase1: number | null;
  profitTargetPhase2: number | null;
  profitTargetPhase3: number | null;
}): number {
  return [model.profitTargetPhase1, model.profitTargetPhase2, model.profitTargetPhase3].filter(
    (target) => target != null && target > 0,
  ).length;
}

export const STEP_VALUES = [0, 1, 2, 3] as const;
export const stepsLabel = (steps: number) => (steps === 0 ? 'Instant' : `${steps}-Step`);

/**
 * Whether a model's news-trading text counts as allowed: it starts with "Allowed" (or is "Yes").
 * "Not allowed ...", "Restricted ..." and no text at all count as not allowed.
 */
export function isNewsTradingAllowed(text: string | null | undefined): boolean {
  const value = (text ?? '').trim().toLowerCase();
  return value.startsWith('allowed') || value === 'yes';
}

/** The challenge's asset class for the `asset` filter: the model's asset type, else the firm's. */
export function matchesAsset(
  asset: ChallengeAsset,
  modelAssetType: string | null | undefined,
  firmAssetType: string | null | undefined,
): boolean {
  const text = (modelAssetType?.trim() || firmAssetType || '').toLowerCase();
  return MARKET_KEYWORDS[asset].some((word) => text.includes(word));
}

// ---------------------------------------------------------------- true cost

export interface TrueCostOption {
  /** List price in dollars, per month for a monthly account. */
  price: number;
  pricingType: string;
  capital: number;
  steps: number;
  feeRefundable: boolean;
  activationFee: number | null;
  resetPrice: number | null;
  /** The best coupon's discount; null or 0 without one. */
  discountPercent: number | null;
  cashbackPercentage: number | null;
}

export interface TrueCostAssumptions {
  /** The trader's chance of passing every phase in one attempt, 0.01-1. */
  passRate: number;
  /** Months one attempt takes, for a monthly account (1-24). */
  monthsPerAttempt: number;
}

export interface TrueCost {
  priceAfterCoupon: number;
  trueCost: number;
  costPer1k: number;
}

/** Rounded to cents, half away from zero (the epsilon keeps 1.005 from becoming 1.00). */
export const roundCents = (value: number) =>
  Math.sign(value) * (Math.round((Math.abs(value) + Number.EPSILON) * 100) / 100);

/**
 * What getting funded really costs, on average, for a trader with the given pass rate
 * (the formula /methodology writes out):
 *   fee = price x (1 - discount / 100); perAttempt = fee x monthsPerAttempt if monthly, else fee
 *   retry = min(resetPrice, perAttempt) with a reset price, else perAttempt
 *   attempts = 1 for instant funding, else 1 / passRate; paid = perAttempt + (attempts - 1) x retry
 *   trueCost = max(0, paid x (1 - cashback / 100) + activationFee - (refundable ? fee x passRate : 0))
 * A refundable fee comes back only with a payout, which the trader reaches with the chance of their
 * pass rate (instant accounts too): taking back the whole fee made many options cost $0.
 */
export function computeTrueCost(option: TrueCostOption, assumptions: TrueCostAssumptions): TrueCost {
  const trueCost = trueCostOf(option, assumptions);
  return {
    priceAfterCoupon: roundCents(feeOf(option)),
    trueCost,
    costPer1k: costPer1kOf(trueCost, option.capital),
  };
}

const feeOf = (option: TrueCostOption) => option.price * (1 - (option.discountPercent ?? 0) / 100);

/**
 * The formula above as `base + extra attempts x perRetry - passRate x refund`, before the clamp at
 * zero and the rounding (`costOfTerms`): the part that depends on the option and the months per
 * attempt, so the finder works it out once per option and then orders thousands of options for any
 * pass rate with a few operations each. An instant account's perRetry is 0 (it has no further
 * attempts).
 */
export function trueCostTerms(
  option: TrueCostOption,
  monthsPerAttempt: number,
): { base: number; perRetry: number; refund: number } {
  const fee = feeOf(option);
  const perAttempt = option.pricingType === 'monthly' ? fee * monthsPerAttempt : fee;
  const retry = option.resetPrice != null ? Math.min(option.resetPrice, perAttempt) : perAttempt;
  const kept = 1 - (option.cashbackPercentage ?? 0) / 100;
  return {
    base: perAttempt * kept + (option.activationFee ?? 0),
    perRetry: option.steps === 0 ? 0 : retry * kept,
    refund: option.feeRefundable ? fee : 0,
  };
}

/** The true cost from its terms at a pass rate, rounded to cents. */
export const costOfTerms = (base: number, perRetry: number, refund: number, passRate: number) =>
  roundCents(Math.max(0, base + (1 / passRate - 1) * perRetry - refund * passRate));

/** The true cost alone, rounded to cents. */
export function trueCostOf(option: TrueCostOption, assumptions: TrueCostAssumptions): number {
  const { base, perRetry, refund } = trueCostTerms(option, assumptions.monthsPerAttempt);
  return costOfTerms(base, perRetry, refund, assumptions.passRate);
}

/** The true cost per $1,000 of account size, rounded to cents. */
export const costPer1kOf = (trueCost: number, capital: number) =>
  capital > 0 ? roundCents((trueCost / capital) * 1000) : 0;

// ---------------------------------------------------------------- the query

export const CHALLENGE_ASSETS = ['cfd', 'futures', 'crypto'] as const;
export type ChallengeAsset = (typeof CHALLENGE_ASSETS)[number];
export const CHALLENGE_ASSET_LABELS: Readonly<Record<ChallengeAsset, string>> = {
  cfd: 'CFD/Forex',
  futures: 'Futures',
  crypto: 'Crypto',
};

export const CHALLENGE_SORTS = [
  'price',
  'trueCost',
  'costPer1k',
  'profitSplit',
  'rating',
  'size',
  'payoutDays',
  'priceDrop',
] as const;
export type ChallengeSort = (typeof CHALLENGE_SORTS)[number];
export const CHALLENGE_SORT_LABELS: Readonly<Record<ChallengeSort, string>> = {
  price: 'Price after coupon',
  trueCost: 'True cost',
  costPer1k: 'True cost per $1,000',
  profitSplit: 'Profit split',
  rating: 'Firm rating',
  size: 'Account size',
  payoutDays: 'Fastest median payout',
  priceDrop: 'Biggest price drop',
};
/** Sorts whose order depends on the pass rate and months per attempt. */
export const sortUsesAssumptions = (sort: ChallengeSort) => sort === 'trueCost' || sort === 'costPer1k';
/** Ascending unless asked, except the firm rating and the price drop, biggest first. */
export const defaultOrder = (sort: ChallengeSort): 'asc' | 'desc' =>
  sort === 'rating' || sort === 'priceDrop' ? 'desc' : 'asc';

/** Account sizes offered as one-click chips. */
export const COMMON_SIZES = [5_000, 10_000, 25_000, 50_000, 100_000, 200_000] as const;

export const DEFAULT_PASS_RATE = 0.1;
export const PASS_RATE_MIN = 0.01;
export const DEFAULT_MONTHS_PER_ATTEMPT = 1;
export const MONTHS_PER_ATTEMPT_MAX = 24;
export const CHALLENGE_PAGE_SIZE = 20;
export const CHALLENGE_MAX_PAGE_SIZE = 100;
export const CHALLENGE_MAX_PAGE = 100_000;

export const CHALLENGE_BOOLEAN_FILTERS = [
  'news',
  'weekend',
  'ea',
  'noTimeLimit',
  'refundable',
  'hasCoupon',
] as const;
export type ChallengeBooleanFilter = (typeof CHALLENGE_BOOLEAN_FILTERS)[number];

/** What GET /api/challenges takes, after validation (repeated values of one filter mean any of them). */
export interface ChallengeQuery {
  size: number[];
  sizeMin?: number;
  sizeMax?: number;
  steps: number[];
  asset: ChallengeAsset[];
  drawdownType: DrawdownType[];
  dailyDrawdownMin?: number;
  maxDrawdownMin?: number;
  targetMax?: number;
  priceMax?: number;
  profitSplitMin?: number;
  platform: string[];
  country?: string;
  news?: boolean;
  weekend?: boolean;
  ea?: boolean;
  noTimeLimit?: boolean;
  refundable?: boolean;
  hasCoupon?: boolean;
  /** The firm's payout record tier at least this (medium or high). */
  payoutRecord?: PayoutRecordFilter;
  passRate: number;
  monthsPerAttempt: number;
  sort: ChallengeSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** One account option of GET /api/challenges (its zod schema is in the challenges module). */
/** What the finder's card says of an option's price: its latest drop and whether it is at its 90-day low. */
export interface PriceSignal {
  /** The latest fall of the price after coupon, in dollars; null when its latest change was not a fall. */
  latestDrop: number | null;
  /** When that fall happened (ISO). */
  droppedAt: string | null;
  /** The price after coupon is the lowest it has been in 90 days (with at least one change in them). */
  lowestIn90Days: boolean;
}

export interface ChallengeOption {
  firm: {
    id: number;
    slug: string;
    name: string;
    logo: string | null;
    trustRating: string | null;
    cashbackPercentage: number | null;
    payoutTier: PayoutTier | null;
    payoutMedianDays: number | null;
  };
  model: {
    id: number;
    name: string;
    steps: number;
    assetType: string | null;
    drawdownType: DrawdownType | null;
    dailyDrawdown: number | null;
    maximumDrawdown: number | null;
    profitTargets: number[];
    profitSplit: number | null;
    timeLimits: boolean;
    newsTrading: boolean;
    weekendHolding: boolean;
    eaAllowed: boolean;
    feeRefundable: boolean;
  };
  account: {
    id: number;
    capital: number;
    price: number;
    pricingType: string;
    activationFee: number | null;
    resetPrice: number | null;
  };
  coupon: { id: number; code: string; discountPercent: number | null } | null;
  priceAfterCoupon: number;
  /** Its latest price drop and whether the price is at its 90-day low (the card's badges). */
  priceSignal: PriceSignal;
  trueCost: number;
  costPer1k: number;
}

export interface ChallengePage {
  options: ChallengeOption[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/challenges/filters: the platforms and restricted countries the page's filters offer. */
export interface ChallengeFilters {
  platforms: { slug: string; name: string }[];
  /** Countries some listed firm restricts, as stored (trimmed). */
  countries: string[];
}

/** The true-cost inputs of an option as the API returns it, for recomputing in the browser. */
export const trueCostInput = (option: ChallengeOption): TrueCostOption => ({
  price: option.account.price,
  pricingType: option.account.pricingType,
  capital: option.account.capital,
  steps: option.model.steps,
  feeRefundable: option.model.feeRefundable,
  activationFee: option.account.activationFee,
  resetPrice: option.account.resetPrice,
  discountPercent: option.coupon?.discountPercent ?? null,
  cashbackPercentage: option.firm.cashbackPercentage,
});

/** A platform's name as the `platform` parameter names it: lower case, words joined by '-'. */
export function platformSlug(name: string): string {
  return slugify(name, 100);
}
