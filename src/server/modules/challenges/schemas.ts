import { z } from 'zod';
import {
  CHALLENGE_ASSETS,
  CHALLENGE_MAX_PAGE,
  CHALLENGE_MAX_PAGE_SIZE,
  CHALLENGE_PAGE_SIZE,
  CHALLENGE_SORTS,
  DEFAULT_MONTHS_PER_ATTEMPT,
  DEFAULT_PASS_RATE,
  DRAWDOWN_TYPES,
  MONTHS_PER_ATTEMPT_MAX,
  PASS_RATE_MIN,
} from '../../../domain/challenge-rules';
import { PAYOUT_RECORD_FILTERS } from '../../../domain/payout-rules';
import { payoutSummaryFields } from '../../../domain/payouts';

/**
 * The contract of GET /api/challenges. Its TypeScript shapes (ChallengeQuery, ChallengePage) are in
 * domain/challenge-rules.ts for the browser, which never loads zod; the route's types make sure both
 * agree. Every message names its parameter; unknown parameters are refused, never ignored.
 */

const MAX_REPEATS = 20;

/** A parameter that may be repeated (`steps=1&steps=2`): any of its values matches. */
const repeatable = <T extends z.ZodType>(name: string, item: T) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_REPEATS, `${name} can be given at most ${MAX_REPEATS} times`),
  );

/** One number in a range; a repeated value (an array) is refused like any other non-number. */
const numberIn = (name: string, min: number, max: number, options: { whole?: boolean } = {}) => {
  const message = `${name} must be a ${options.whole ? 'whole number' : 'number'} from ${min} to ${max}`;
  const base = z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).min(min, message).max(max, message),
  );
  return options.whole ? base.refine(Number.isInteger, message) : base;
};

const booleanParam = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true')
    .optional();

const MONEY_MAX = 10_000_000;
const SIZE_MAX = 100_000_000;

export const ChallengeQuerySchema = z
  .strictObject(
    {
      size: repeatable('size', numberIn('size', 1, SIZE_MAX, { whole: true })).describe(
        'Account size in dollars, exactly; repeat for any of several sizes',
      ),
      sizeMin: numberIn('sizeMin', 0, SIZE_MAX, { whole: true }).optional().describe('Smallest account size'),
      sizeMax: numberIn('sizeMax', 0, SIZE_MAX, { whole: true }).optional().describe('Largest account size'),
      steps: repeatable('steps', numberIn('steps', 0, 3, { whole: true })).describe(
        '0 for instant funding, else the number of phases with a profit target; repeatable',
      ),
      asset: repeatable(
        'asset',
        z.enum(CHALLENGE_ASSETS, { error: `asset must be one of ${CHALLENGE_ASSETS.join(', ')}` }),
      ).describe("The model's asset type (the firm's when the model has none): cfd also takes forex"),
      drawdownType: repeatable(
        'drawdownType',
        z.enum(DRAWDOWN_TYPES, { error: `drawdownType must be one of ${DRAWDOWN_TYPES.join(', ')}` }),
      ).describe('Repeatable'),
      dailyDrawdownMin: numberIn('dailyDrawdownMin', 0, 100)
        .optional()
        .describe('Daily drawdown of at least this %; a model without a daily limit always has room enough'),
      maxDrawdownMin: numberIn('maxDrawdownMin', 0, 100)
        .optional()
        .describe('Maximum drawdown of at least this % (models without one are left out)'),
      targetMax: numberIn('targetMax', 0, 100)
        .optional()
        .describe('Phase-1 profit target of at most this %; instant funding has none and always matches'),
      priceMax: numberIn('priceMax', 0, MONEY_MAX)
        .optional()
        .describe('Price after the best coupon, at most'),
      profitSplitMin: numberIn('profitSplitMin', 0, 100)
        .optional()
        .describe('Profit split of at least this % (models without one are left out)'),
      platform: repeatable(
        'platform',
        z
          .string()
          .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'platform must be a platform slug such as metatrader-5'),
      ).describe('Platform slug (its name in lower case, words joined by -); repeatable'),
      country: z
        .string({ error: 'country must be given once' })
        .trim()
        .min(1, 'country must not be empty')
        .max(100, 'country is limited to 100 characters')
        .optional()
        .describe(
          "The trader's country as firms' restricted countries name it (any case): hides those firms",
        ),
      news: booleanParam('news').describe("News trading allowed (the model's text starts with Allowed)"),
      weekend: booleanParam('weekend').describe('Weekend holding allowed'),
      ea: booleanParam('ea').describe('Expert advisors allowed'),
      noTimeLimit: booleanParam('noTimeLimit').describe('true: no time limit; false: a time limit'),
      refundable: booleanParam('refundable').describe('Fee refunded'),
      hasCoupon: booleanParam('hasCoupon').describe('The firm has an active, unexpired coupon'),
      payoutRecord: z
        .enum(PAYOUT_RECORD_FILTERS, {
          error: `payoutRecord must be one of ${PAYOUT_RECORD_FILTERS.join(', ')}`,
        })
        .optional()
        .describe("The firm's payout record tier at least this: medium (Medium or High) or high"),
      passRate: numberIn('passRate', PASS_RATE_MIN, 1)
        .default(DEFAULT_PASS_RATE)
        .describe('Chance of passing every phase in one attempt, for the true cost'),
      monthsPerAttempt: numberIn('monthsPerAttempt', 1, MONTHS_PER_ATTEMPT_MAX, { whole: true })
        .default(DEFAULT_MONTHS_PER_ATTEMPT)
        .describe('Months one attempt takes, for monthly accounts'),
      sort: z
        .enum(CHALLENGE_SORTS, { error: `sort must be one of ${CHALLENGE_SORTS.join(', ')}` })
        .default('price')
        .describe(
          'Ties: price after coupon, then account id; payoutDays: fastest median payout first, firms without one last; priceDrop: the size of the latest price drop (within 90 days), biggest first, options without one last',
        ),
      order: z
        .enum(['asc', 'desc'], { error: 'order must be asc or desc' })
        .optional()
        .describe('asc unless given, except rating: desc'),
      page: numberIn('page', 1, CHALLENGE_MAX_PAGE, { whole: true }).default(1),
      pageSize: numberIn('pageSize', 1, CHALLENGE_MAX_PAGE_SIZE, { whole: true }).default(
        CHALLENGE_PAGE_SIZE,
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .superRefine((query, ctx) => {
    if (query.sizeMin != null && query.sizeMax != null && query.sizeMin > query.sizeMax) {
      ctx.addIssue({ code: 'custom', path: ['sizeMin'], message: 'sizeMin must not be above sizeMax' });
    }
  });

const money = z.number().describe('Dollars');

export const ChallengeOptionSchema = z.object({
  firm: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    trustRating: z.string().nullable(),
    cashbackPercentage: z.number().nullable().describe('null when the firm gives no cashback'),
    ...payoutSummaryFields,
  }),
  model: z.object({
    id: z.number().int(),
    name: z.string(),
    steps: z.number().int().describe('0 for instant funding'),
    assetType: z.string().nullable(),
    drawdownType: z.enum(DRAWDOWN_TYPES).nullable(),
    dailyDrawdown: z.number().nullable(),
    maximumDrawdown: z.number().nullable(),
    profitTargets: z.array(z.number()).describe('Per phase, in order'),
    profitSplit: z.number().nullable(),
    timeLimits: z.boolean(),
    newsTrading: z
      .boolean()
      .describe("Whether news trading counts as allowed (text starting with 'Allowed')"),
    weekendHolding: z.boolean(),
    eaAllowed: z.boolean(),
    feeRefundable: z.boolean(),
  }),
  account: z.object({
    id: z.number().int(),
    capital: z.number().int(),
    price: money,
    pricingType: z.string().describe("'monthly' or 'one-time'"),
    activationFee: money.nullable(),
    resetPrice: money.nullable(),
  }),
  coupon: z
    .object({ id: z.number().int(), code: z.string(), discountPercent: z.number().nullable() })
    .nullable()
    .describe("The firm's active, unexpired coupon with the highest discount"),
  priceAfterCoupon: money,
  priceSignal: z.object({
    latestDrop: money
      .nullable()
      .describe(
        'The latest fall of the price after coupon; null when its latest change in 90 days was not a fall',
      ),
    droppedAt: z.string().nullable().describe('When that fall happened'),
    lowestIn90Days: z.boolean().describe('The price after coupon is the lowest it has been in 90 days'),
  }),
  trueCost: money.describe('Expected cost of getting funded at the given pass rate (see /methodology)'),
  costPer1k: money.describe('True cost per $1,000 of account size'),
});

export const ChallengePageSchema = z.object({
  options: z.array(ChallengeOptionSchema),
  total: z.number().int().describe('Options matching the filters, over all pages'),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ChallengeFiltersSchema = z.object({
  platforms: z
    .array(z.object({ slug: z.string(), name: z.string() }))
    .describe('Platforms of listed firms with account options, by name'),
  countries: z.array(z.string()).describe('Countries some listed firm restricts, by name'),
});
