import { z } from 'zod';
import { DRAWDOWN_TYPES } from './challenge-rules';
import { SEARCH_MIN_LENGTH } from './firm-rules';
import { rowIdParam } from './ids';
import { FirmPayoutRecordSchema, payoutSummaryFields } from './payouts';
import { PublicReplySchema, ReplyFiguresSchema } from './replies';

/** Contracts of the firm-related /api responses and payloads (spec section 3). */

const id = z.number().int();
const nullableText = z.string().nullable();
const isoDate = z.string().describe('ISO 8601 timestamp (UTC)');

/** A firm's coupon as the firm page shows it (coupons tab and sidebar). */
export const FirmCouponSchema = z.object({
  id,
  slug: nullableText,
  code: z.string(),
  title: nullableText,
  description: nullableText,
  discountPercent: z.number().nullable(),
  expiryDate: isoDate.nullable(),
  isActive: z.boolean(),
  featured: z.boolean(),
  affiliateUrl: nullableText,
});
export type FirmCoupon = z.infer<typeof FirmCouponSchema>;

export const FundingModelSchema = z.object({
  id,
  name: z.string(),
  description: nullableText,
  type: nullableText,
  assetType: nullableText,
  leverage: z.number().int().nullable(),
  profitSplit: z.number().nullable(),
  payoutFrequency: nullableText,
  minimumPayout: z.number().nullable(),
  payoutRequirements: nullableText,
  profitTargetPhase1: z.number().nullable(),
  profitTargetPhase2: z.number().nullable(),
  profitTargetPhase3: z.number().nullable(),
  maximumDrawdown: z.number().nullable(),
  dailyDrawdown: z.number().nullable(),
  drawdownType: z
    .enum(DRAWDOWN_TYPES)
    .nullable()
    .describe(
      'static, balance, equity, trailing-intraday or trailing-eod; labels in domain/challenge-rules.ts',
    ),
  stopLossRequired: z.boolean(),
  minimumTradingDays: z.number().int().nullable(),
  feeRefundable: z.boolean(),
  timeLimits: z.boolean(),
  eaAllowed: z.boolean(),
  consistencyRule: z.boolean(),
  consistencyPercentage: z.number().nullable(),
  weekendHolding: z.boolean(),
  lotSizeRestrictions: z.boolean(),
  newsTrading: nullableText,
  features: z.array(z.string()),
});
export type FundingModel = z.infer<typeof FundingModelSchema>;

export const PRICING_TYPES = ['monthly', 'one-time'] as const;

export const AccountSchema = z.object({
  id,
  fundingModelId: id,
  /** Account size in dollars. */
  capital: z.number().int(),
  price: z.number(),
  pricingType: z.string().describe("'monthly' or 'one-time'"),
  maxContracts: z.number().int().nullable(),
  disclaimer: nullableText,
  activationFee: z.number().nullable().describe('Charged once on passing; null when there is none'),
  resetPrice: z.number().nullable().describe('Price of a reset; null when the firm offers none'),
});
export type Account = z.infer<typeof AccountSchema>;

/** The fields every firm view shares. */
const FirmCoreSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  logo: nullableText,
  shortDescription: nullableText,
  website: nullableText,
  affiliateUrl: nullableText,
  /** Free text containing cfd, forex, futures or crypto. */
  assetType: nullableText,
  features: z.array(z.string()),
  headquarters: nullableText,
  established: z.number().int().nullable(),
  /** As stored: approved, trusted, caution, avoid, not tested, or null (shown as not tested). */
  trustRating: nullableText,
  cashbackProvided: z.boolean(),
  cashbackPercentage: z.number().nullable(),
  /** Stored value, else derived from the firm's accounts. */
  accountPriceMin: z.number().nullable(),
  accountPriceMax: z.number().nullable(),
  /** Stored value, else derived from the firm's account sizes. */
  fundingMin: z.number().int().nullable(),
  fundingMax: z.number().int().nullable(),
  claimed: z
    .boolean()
    .describe(
      'The firm has a representative: it proved an address at its own domain and an admin checked it',
    ),
});

/**
 * One card of the directory: compact on purpose (no funding models, accounts or coupon lists),
 * with the counts and the best coupon the card shows.
 */
export const FirmSummarySchema = FirmCoreSchema.extend({
  fundingModelCount: z.number().int(),
  accountCount: z.number().int(),
  activeCouponCount: z.number().int(),
  bestCoupon: z
    .object({ id, code: z.string(), discountPercent: z.number().nullable() })
    .nullable()
    .describe('The active, unexpired coupon with the highest discount, featured first'),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  ...payoutSummaryFields,
});
export type FirmSummary = z.infer<typeof FirmSummarySchema>;
export const FirmSummaryListSchema = z.array(FirmSummarySchema);

/** The whole firm record for /firm/{slug}. */
export const FirmDetailsSchema = FirmCoreSchema.extend({
  status: z.string(),
  description: nullableText,
  tradableAssets: z.array(z.string()),
  restrictedCountries: z.array(z.string()),
  ceoName: nullableText,
  ratingOverview: nullableText,
  ratingLeadership: nullableText,
  ratingTransparency: nullableText,
  ratingThirdPartyReviews: nullableText,
  ratingLongTermVision: nullableText,
  ratingSustainability: nullableText,
  watchOutFor: nullableText,
  londonExpoEnabled: z.boolean(),
  londonExpoUrl: nullableText,
  payoutJunctionEnabled: z.boolean(),
  payoutJunctionUrl: nullableText,
  updatedAt: isoDate,
  fundingModels: z.array(FundingModelSchema),
  /** Every account of every funding model, linked by fundingModelId. */
  accounts: z.array(AccountSchema),
  /** Every coupon of the firm, expired and inactive ones included (shown as Inactive). */
  coupons: z.array(FirmCouponSchema),
  ...payoutSummaryFields,
  payoutRecord: FirmPayoutRecordSchema.nullable().describe(
    'The payout record from verified reports; null when the firm has none yet',
  ),
});
export type FirmDetails = z.infer<typeof FirmDetailsSchema>;

export const SearchResultFirmSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  logoUrl: nullableText,
  /** 'listed' or another status; only listed firms have a page. */
  status: z.string(),
  assetClass: nullableText,
  description: nullableText,
  affiliateUrl: nullableText,
  websiteUrl: nullableText,
});
export type SearchResultFirm = z.infer<typeof SearchResultFirmSchema>;
export const SearchResultListSchema = z.array(SearchResultFirmSchema);

export const SEARCH_MAX_RESULTS = 10;

export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, `Search needs at least ${SEARCH_MIN_LENGTH} characters`)
    .max(100, 'Search is limited to 100 characters'),
});

export const UNLISTED_STATUSES = ['listing_pending', 'not_yet_listed', 'not_qualified'] as const;

export const UnlistedFirmSchema = z.object({
  id,
  name: z.string(),
  logo: nullableText,
  assetClass: nullableText,
  description: nullableText,
  link: nullableText,
  status: z.string().describe('listing_pending, not_yet_listed or not_qualified'),
  sortOrder: z.number().int(),
});
export type UnlistedFirm = z.infer<typeof UnlistedFirmSchema>;
export const UnlistedFirmListSchema = z.array(UnlistedFirmSchema);

export const FeaturedFirmSchema = z.object({ propFirmId: id.nullable() });
export type FeaturedFirm = z.infer<typeof FeaturedFirmSchema>;

export const HeroStatsSchema = z.object({
  firmsCount: z.number().int().describe('Listed firms'),
  couponsCount: z.number().int().describe('Active coupons that have not expired'),
  accountsCount: z.number().int().describe('Account options of listed firms'),
  tradersCount: z
    .number()
    .int()
    .describe('Distinct emails among registered users and newsletter subscribers still subscribed'),
});
export type HeroStats = z.infer<typeof HeroStatsSchema>;

export const AccountCountListSchema = z.array(z.object({ firmId: id, accountCount: z.number().int() }));
export type AccountCount = z.infer<typeof AccountCountListSchema>[number];

export const AccountWithDetailsListSchema = z.array(
  z.object({ price: z.number(), capital: z.number().int(), propFirm: z.object({ id }) }),
);
export type AccountWithDetails = z.infer<typeof AccountWithDetailsListSchema>[number];

export const FirmResourceSchema = z.object({ id, name: z.string(), logo: nullableText });
export type FirmResource = z.infer<typeof FirmResourceSchema>;
export const FirmResourceListSchema = z.array(FirmResourceSchema);

export const ReviewSchema = z.object({
  id,
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  createdAt: isoDate,
  editedAt: isoDate.nullable().describe('When its author last edited it, or null if never'),
  isManual: z.boolean(),
  authorName: nullableText,
  source: nullableText,
  isVerified: z.boolean(),
  helpfulCount: z.number().int().describe("Members who voted it helpful ('Was this helpful?')"),
  user: z.object({ firstName: nullableText, username: nullableText }).nullable(),
  reply: PublicReplySchema.nullable().describe("The firm's published reply, or null"),
});
export type Review = z.infer<typeof ReviewSchema>;
/** The answer to a posted review: held when an automatic check wants an admin to look first. */
export const PostedReviewSchema = ReviewSchema.extend({
  status: z.enum(['published', 'held', 'hidden', 'deleted']),
});
export const ReviewListSchema = z.array(ReviewSchema);

export const OwnReviewSchema = z.object({
  review: ReviewSchema.nullable().describe('null when the user has not reviewed the firm'),
  /** Whether it shows (published), waits for a check (held) or was removed (hidden), and why. */
  status: z.enum(['published', 'held', 'hidden', 'deleted']).nullable(),
  moderationReason: z.string().nullable(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

export const ReviewSummarySchema = z.object({
  averageRating: z.number().describe('Mean of all ratings, 0 when there is none'),
  totalReviews: z.number().int(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** GET /api/firms/{slug}/rating: the summary and, once the firm has replied, its reply figures. */
export const FirmRatingSchema = ReviewSummarySchema.extend({
  replies: ReplyFiguresSchema.nullable().describe(
    "The firm's replies to the reviews of the last 12 months; null while it has replied to none of them",
  ),
});
export type FirmRating = z.infer<typeof FirmRatingSchema>;

export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_COMMENT_MIN = 20;
export const REVIEW_COMMENT_MAX = 5000;

export const ReviewPayloadSchema = z.object({
  propFirmId: rowIdParam().optional(),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(REVIEW_TITLE_MIN, `Title must be ${REVIEW_TITLE_MIN} to ${REVIEW_TITLE_MAX} characters`)
    .max(REVIEW_TITLE_MAX, `Title must be ${REVIEW_TITLE_MIN} to ${REVIEW_TITLE_MAX} characters`),
  comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(REVIEW_COMMENT_MIN, `Comment must be ${REVIEW_COMMENT_MIN} to 5,000 characters`)
    .max(REVIEW_COMMENT_MAX, `Comment must be ${REVIEW_COMMENT_MIN} to 5,000 characters`),
});
export type ReviewPayload = z.infer<typeof ReviewPayloadSchema>;

export const FirmSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
/**
 * POST /api/firms/{slug}/reviews takes the firm's id where the other /api/firms/{slug} routes take
 * its slug: one path template for all of them, as a generated client needs.
 */
export const FirmIdParamsSchema = z.object({
  slug: rowIdParam({ error: 'Firm id must be a number' }).describe("The firm's id"),
});
