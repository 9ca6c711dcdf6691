import { z } from 'zod';
import { DRAWDOWN_TYPES } from './challenge-rules';
import { TRADABLE_ASSETS } from './firm-rules';
import { FundingModelSchema, PRICING_TYPES, UNLISTED_STATUSES, UnlistedFirmSchema } from './firms';
import { MAX_ROW_ID, rowId } from './ids';

/**
 * The firm editor's contract: the admin page validates with these schemas before sending, and
 * the server validates the same payload again, so both sides give the same field errors.
 */

export const FIRM_STATUSES = ['listed', 'unlisted'] as const;
export const TRUST_RATINGS = ['approved', 'trusted', 'caution', 'avoid', 'not tested'] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is limited to ${max.toLocaleString('en-US')} characters`);

/** Optional text: blank is stored as null. */
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullable()
    .transform((v) => (v ? v : null));

/** An absolute http(s) URL, or blank for none. */
const optionalUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2000, `${label} is limited to 2,000 characters`)
    .nullable()
    .refine(
      (v) => !v || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
      `${label} must start with http:// or https://`,
    )
    .transform((v) => (v ? v : null));

/** An image address: an http(s) URL or a path on this site (an upload). */
const optionalImage = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2000, `${label} is limited to 2,000 characters`)
    .nullable()
    .refine(
      (v) => !v || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v),
      `${label} must be an https:// address or a path starting with /`,
    )
    .transform((v) => (v ? v : null));

const number = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`);
const optionalNumber = (label: string, min: number, max: number) => number(label, min, max).nullable();
const optionalInt = (label: string, min: number, max: number) =>
  number(label, min, max).int(`${label} must be a whole number`).nullable();
const percent = (label: string) => optionalNumber(label, 0, 100);

const list = (label: string, maxItems: number, maxLength: number) =>
  z
    .array(text(label, maxLength), { error: `${label} must be a list` })
    .max(maxItems, `${label} is limited to ${maxItems} items`)
    .transform((items) => [...new Set(items.filter(Boolean))]);

export const AccountInputSchema = z.object({
  /** Absent for a new account. */
  id: z.number().int().positive().optional(),
  capital: number('Account size', 1, 10_000_000).int('Account size must be a whole number of dollars'),
  price: number('Price', 0, 1_000_000),
  pricingType: z.enum(PRICING_TYPES, { error: "Pricing type must be 'monthly' or 'one-time'" }),
  maxContracts: optionalInt('Max contracts', 0, 100_000),
  activationFee: optionalNumber('Activation fee', 0, 1_000_000),
  resetPrice: optionalNumber('Reset price', 0, 1_000_000),
  disclaimer: optionalText('Disclaimer', 500),
});
export type AccountInput = z.input<typeof AccountInputSchema>;

export const FundingModelInputSchema = z
  .object({
    /** Absent for a new funding model. */
    id: z.number().int().positive().optional(),
    name: text('Name', 120).min(1, 'Name is required'),
    description: optionalText('Description', 2000),
    type: optionalText('Type', 60),
    assetType: optionalText('Asset type', 60),
    leverage: optionalInt('Leverage', 1, 10_000),
    profitSplit: percent('Profit split'),
    payoutFrequency: optionalText('Payout frequency', 120),
    minimumPayout: optionalNumber('Minimum payout', 0, 1_000_000),
    payoutRequirements: optionalText('Payout requirements', 1000),
    profitTargetPhase1: percent('Phase 1 target'),
    profitTargetPhase2: percent('Phase 2 target'),
    profitTargetPhase3: percent('Phase 3 target'),
    maximumDrawdown: percent('Max drawdown'),
    dailyDrawdown: percent('Daily drawdown'),
    drawdownType: z
      .enum(DRAWDOWN_TYPES, { error: `Drawdown type must be one of ${DRAWDOWN_TYPES.join(', ')}` })
      .nullable(),
    stopLossRequired: z.boolean(),
    minimumTradingDays: optionalInt('Min trading days', 0, 365),
    feeRefundable: z.boolean(),
    timeLimits: z.boolean(),
    eaAllowed: z.boolean(),
    consistencyRule: z.boolean(),
    consistencyPercentage: percent('Consistency percentage'),
    weekendHolding: z.boolean(),
    lotSizeRestrictions: z.boolean(),
    newsTrading: optionalText('News trading', 200),
    features: list('Features', 30, 120),
    accounts: z.array(AccountInputSchema).max(50, 'A funding model has at most 50 accounts'),
  })
  .superRefine((model, ctx) => {
    const sizes = new Set<string>();
    model.accounts.forEach((account, i) => {
      const key = `${account.capital}:${account.pricingType}`;
      if (sizes.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['accounts', i, 'capital'],
          message: 'This account size is listed twice',
        });
      sizes.add(key);
    });
  });
export type FundingModelInput = z.input<typeof FundingModelInputSchema>;

export const FirmInputSchema = z
  .object({
    slug: z
      .string({ error: 'Slug is required' })
      .trim()
      .min(2, 'Slug needs at least 2 characters')
      .max(100, 'Slug is limited to 100 characters')
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold lower-case letters, digits and single hyphens'),
    name: text('Name', 120).min(1, 'Name is required'),
    status: z.enum(FIRM_STATUSES, { error: 'Status must be listed or unlisted' }),
    featured: z.boolean(),
    logo: optionalImage('Logo'),
    shortDescription: optionalText('Short description', 300),
    description: optionalText('Description', 10_000),
    website: optionalUrl('Website'),
    affiliateUrl: optionalUrl('Affiliate URL'),
    assetType: optionalText('Asset type', 60),
    features: list('Features', 40, 120),
    tradableAssets: z
      .array(z.enum(TRADABLE_ASSETS, { error: `Tradable assets are ${TRADABLE_ASSETS.join(', ')}` }))
      .transform((items) => TRADABLE_ASSETS.filter((a) => items.includes(a))),
    restrictedCountries: list('Restricted countries', 250, 80),
    headquarters: optionalText('Headquarters', 120),
    ceoName: optionalText('CEO', 120),
    established: optionalInt('Founded', 1900, 2100),
    trustRating: z.enum(TRUST_RATINGS, { error: 'Choose a trust rating' }),
    ratingOverview: optionalText('Overview', 2000),
    ratingLeadership: optionalText('Leadership Team', 2000),
    ratingTransparency: optionalText('Transparency', 2000),
    ratingThirdPartyReviews: optionalText('Third Party Reviews', 2000),
    ratingLongTermVision: optionalText('Long-term Vision', 2000),
    ratingSustainability: optionalText('Sustainability', 2000),
    watchOutFor: optionalText('What to stay aware of', 4000),
    londonExpoEnabled: z.boolean(),
    londonExpoUrl: optionalUrl('Expo URL'),
    payoutJunctionEnabled: z.boolean(),
    payoutJunctionUrl: optionalUrl('Payout tracking URL'),
    cashbackProvided: z.boolean(),
    cashbackPercentage: percent('Cashback percentage'),
    accountPriceMin: optionalNumber('Lowest account price', 0, 1_000_000),
    accountPriceMax: optionalNumber('Highest account price', 0, 1_000_000),
    fundingMin: optionalInt('Smallest funding', 0, 100_000_000),
    fundingMax: optionalInt('Largest funding', 0, 100_000_000),
    platformIds: z.array(rowId()).max(50),
    payoutMethodIds: z.array(rowId()).max(50),
    fundingModels: z.array(FundingModelInputSchema).max(20, 'A firm has at most 20 funding models'),
  })
  .superRefine((firm, ctx) => {
    if (firm.londonExpoEnabled && !firm.londonExpoUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['londonExpoUrl'],
        message: 'Give the expo URL or switch it off',
      });
    if (firm.payoutJunctionEnabled && !firm.payoutJunctionUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['payoutJunctionUrl'],
        message: 'Give the payout tracking URL or switch it off',
      });
    if (firm.cashbackProvided && !(firm.cashbackPercentage && firm.cashbackPercentage > 0))
      ctx.addIssue({
        code: 'custom',
        path: ['cashbackPercentage'],
        message: 'Give the cashback percentage or switch cashback off',
      });
    if (firm.status === 'unlisted' && firm.featured)
      ctx.addIssue({ code: 'custom', path: ['featured'], message: 'Only a listed firm can be featured' });
    if (
      firm.accountPriceMin != null &&
      firm.accountPriceMax != null &&
      firm.accountPriceMin > firm.accountPriceMax
    )
      ctx.addIssue({
        code: 'custom',
        path: ['accountPriceMax'],
        message: 'Highest account price must not be below the lowest',
      });
    if (firm.fundingMin != null && firm.fundingMax != null && firm.fundingMin > firm.fundingMax)
      ctx.addIssue({
        code: 'custom',
        path: ['fundingMax'],
        message: 'Largest funding must not be below the smallest',
      });
  });
export type FirmInput = z.input<typeof FirmInputSchema>;
export type FirmValues = z.output<typeof FirmInputSchema>;

/** A save names the version it was edited from; a newer one on the server makes it a 409. */
export const FirmUpdateSchema = z.object({
  version: z.number({ error: 'version is required' }).int().positive().max(MAX_ROW_ID),
  firm: FirmInputSchema,
});
export type FirmUpdate = z.input<typeof FirmUpdateSchema>;

const nullableString = z.string().nullable();
const AccountOutSchema = z.object({
  id: z.number().int(),
  capital: z.number().int(),
  price: z.number(),
  pricingType: z.enum(PRICING_TYPES),
  maxContracts: z.number().int().nullable(),
  activationFee: z.number().nullable(),
  resetPrice: z.number().nullable(),
  disclaimer: nullableString,
});
const FundingModelOutSchema = FundingModelSchema.extend({ accounts: z.array(AccountOutSchema) });

/** A firm as the editor loads it: every editable field, with ids and the version to save against. */
export const AdminFirmSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(FIRM_STATUSES),
  featured: z.boolean(),
  logo: nullableString,
  shortDescription: nullableString,
  description: nullableString,
  website: nullableString,
  affiliateUrl: nullableString,
  assetType: nullableString,
  features: z.array(z.string()),
  tradableAssets: z.array(z.enum(TRADABLE_ASSETS)),
  restrictedCountries: z.array(z.string()),
  headquarters: nullableString,
  ceoName: nullableString,
  established: z.number().int().nullable(),
  trustRating: z.enum(TRUST_RATINGS),
  ratingOverview: nullableString,
  ratingLeadership: nullableString,
  ratingTransparency: nullableString,
  ratingThirdPartyReviews: nullableString,
  ratingLongTermVision: nullableString,
  ratingSustainability: nullableString,
  watchOutFor: nullableString,
  londonExpoEnabled: z.boolean(),
  londonExpoUrl: nullableString,
  payoutJunctionEnabled: z.boolean(),
  payoutJunctionUrl: nullableString,
  cashbackProvided: z.boolean(),
  cashbackPercentage: z.number().nullable(),
  accountPriceMin: z.number().nullable(),
  accountPriceMax: z.number().nullable(),
  fundingMin: z.number().int().nullable(),
  fundingMax: z.number().int().nullable(),
  platformIds: z.array(z.number().int()),
  payoutMethodIds: z.array(z.number().int()),
  fundingModels: z.array(FundingModelOutSchema),
});
export type AdminFirm = z.infer<typeof AdminFirmSchema>;

export const ADMIN_FIRM_SORTS = ['name', 'updated', 'rating', 'status'] as const;
export const ADMIN_PAGE_SIZE = 20;

export const AdminFirmListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is limited to 100 characters').optional(),
  sort: z.enum(ADMIN_FIRM_SORTS, { error: `sort is one of ${ADMIN_FIRM_SORTS.join(', ')}` }).default('name'),
  dir: z.enum(['asc', 'desc'], { error: 'dir is asc or desc' }).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminFirmListQuery = z.infer<typeof AdminFirmListQuerySchema>;

export const AdminFirmRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  trustRating: z.string().nullable(),
  featured: z.boolean(),
  fundingModelCount: z.number().int(),
  accountCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminFirmRow = z.infer<typeof AdminFirmRowSchema>;

export const AdminFirmPageSchema = z.object({
  firms: z.array(AdminFirmRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminFirmPage = z.infer<typeof AdminFirmPageSchema>;

export const VersionQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'version is required' })
    .int()
    .positive('version is required')
    .max(MAX_ROW_ID),
});

export const ResourceOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
});
export const FirmOptionsSchema = z.object({
  platforms: z.array(ResourceOptionSchema),
  payoutMethods: z.array(ResourceOptionSchema),
});
export type FirmOptions = z.infer<typeof FirmOptionsSchema>;

export const ResourceInputSchema = z.object({
  name: text('Name', 80).min(1, 'Name is required'),
  logo: optionalImage('Logo'),
});

export const UnlistedFirmInputSchema = z.object({
  name: text('Name', 120).min(1, 'Name is required'),
  logo: optionalImage('Logo'),
  assetClass: optionalText('Asset class', 60),
  description: optionalText('Description', 2000),
  link: optionalUrl('Link'),
  status: z.enum(UNLISTED_STATUSES, { error: 'Choose a status' }),
  sortOrder: number('Sort order', -10_000, 10_000).int('Sort order must be a whole number'),
});
export type UnlistedFirmInput = z.input<typeof UnlistedFirmInputSchema>;
/** A save of a not-yet-listed firm names the version it was edited from (a newer one: 409). */
export const UnlistedFirmUpdateSchema = UnlistedFirmInputSchema.extend({
  version: z.number({ error: 'version is required' }).int().positive().max(MAX_ROW_ID),
});
export const AdminUnlistedFirmSchema = UnlistedFirmSchema.extend({ version: z.number().int() });
export type AdminUnlistedFirm = z.infer<typeof AdminUnlistedFirmSchema>;

/** A blank funding model for the editor. */
export const emptyFundingModel = (): FundingModelInput => ({
  name: '',
  description: null,
  type: null,
  assetType: null,
  leverage: null,
  profitSplit: null,
  payoutFrequency: null,
  minimumPayout: null,
  payoutRequirements: null,
  profitTargetPhase1: null,
  profitTargetPhase2: null,
  profitTargetPhase3: null,
  maximumDrawdown: null,
  dailyDrawdown: null,
  drawdownType: null,
  stopLossRequired: false,
  minimumTradingDays: null,
  feeRefundable: false,
  timeLimits: false,
  eaAllowed: false,
  consistencyRule: false,
  consistencyPercentage: null,
  weekendHolding: false,
  lotSizeRestrictions: false,
  newsTrading: null,
  features: [],
  accounts: [],
});

/** A blank firm for the editor. */
export const emptyFirm = (): FirmInput => ({
  slug: '',
  name: '',
  status: 'listed',
  featured: false,
  logo: null,
  shortDescription: null,
  description: null,
  website: null,
  affiliateUrl: null,
  assetType: null,
  features: [],
  tradableAssets: [],
  restrictedCountries: [],
  headquarters: null,
  ceoName: null,
  established: null,
  trustRating: 'not tested',
  ratingOverview: null,
  ratingLeadership: null,
  ratingTransparency: null,
  ratingThirdPartyReviews: null,
  ratingLongTermVision: null,
  ratingSustainability: null,
  watchOutFor: null,
  londonExpoEnabled: false,
  londonExpoUrl: null,
  payoutJunctionEnabled: false,
  payoutJunctionUrl: null,
  cashbackProvided: false,
  cashbackPercentage: null,
  accountPriceMin: null,
  accountPriceMax: null,
  fundingMin: null,
  fundingMax: null,
  platformIds: [],
  payoutMethodIds: [],
  fundingModels: [],
});

/** Field errors of a zod result keyed by their dotted path ('fundingModels.0.name'). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
