import { z } from 'zod';
import { rowIdParam } from './ids';
import { POINTS_REASONS, POINTS_RULES } from './points-rules';

export const PointsReasonSchema = z.enum(POINTS_REASONS);

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** The form fields of a cashback claim (sent as multipart text fields before the receipt file). */
export const CashbackClaimPayloadSchema = z.object({
  propFirmId: rowIdParam({ error: 'Choose a firm' }),
  orderReference: z
    .string()
    .trim()
    .min(3, 'The order reference needs at least 3 characters')
    .max(100, 'The order reference is at most 100 characters'),
  /** Dollars, up to two decimals. */
  amountSpent: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter the amount in dollars, like 149.99')
    .refine((v) => Number(v) > 0, 'The amount must be more than 0'),
  purchaseDate: isoDate,
});
export type CashbackClaimPayload = z.infer<typeof CashbackClaimPayloadSchema>;

/** A firm that pays cashback, as the claim form and /earn-points list it. */
export const CashbackFirmSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  cashbackPercentage: z.number(),
});
export type CashbackFirm = z.infer<typeof CashbackFirmSchema>;

export const CashbackClaimSchema = z.object({
  id: z.number(),
  propFirmId: z.number(),
  firmName: z.string(),
  firmSlug: z.string(),
  orderReference: z.string(),
  /** Dollars. */
  amountSpent: z.number(),
  purchaseDate: z.string().nullable(),
  cashbackPercentage: z.number().nullable(),
  /** Points the claim earns if approved (approved: what it earned). */
  points: z.number(),
  status: z.enum(CLAIM_STATUSES),
  rejectionReason: z.string().nullable(),
  /** The receipt, served only to the claimant and admins. */
  proofUrl: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type CashbackClaim = z.infer<typeof CashbackClaimSchema>;

export const AdminCashbackClaimSchema = CashbackClaimSchema.extend({
  user: z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }),
});
export type AdminCashbackClaim = z.infer<typeof AdminCashbackClaimSchema>;

export const ClaimDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: z.string().trim().min(3, 'Give the trader a reason (3 characters or more)').max(500),
  }),
]);
export type ClaimDecision = z.infer<typeof ClaimDecisionSchema>;

export const POINTS_HISTORY_PAGE_SIZE = 20;

export const PointsEntrySchema = z.object({
  id: z.number(),
  delta: z.number(),
  reason: PointsReasonSchema,
  reference: z.string().nullable(),
  /** Where the cause is shown (a claim, a review, a cash-out, the offerwall), when it has a page. */
  href: z.string().nullable(),
  /** A few words naming the cause: the firm of a claim or review, the cash-out's method. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof PointsEntrySchema>;

export const PointsHistorySchema = z.object({
  balance: z.number(),
  entries: z.array(PointsEntrySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type PointsHistory = z.infer<typeof PointsHistorySchema>;

export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const CASH_OUT_METHODS = ['paypal', 'usdt'] as const;
export const CASH_OUT_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type CashOutStatus = (typeof CASH_OUT_STATUSES)[number];

/** USDT on Tron (TRC-20: T and 33 base58 characters) or on Ethereum (ERC-20: 0x and 40 hex digits). */
export const USDT_ADDRESS = /^(T[1-9A-HJ-NP-Za-km-z]{33}|0x[0-9a-fA-F]{40})$/;

export const CashOutRequestSchema = z
  .object({
    method: z.enum(CASH_OUT_METHODS),
    destination: z.string().trim().min(1, 'Enter where to send the money').max(254),
    points: z
      .number()
      .int('Points are whole numbers')
      .min(
        POINTS_RULES.cashOutMinimumPoints,
        `The minimum cash-out is ${POINTS_RULES.cashOutMinimumPoints} points`,
      ),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'paypal' && !z.email().safeParse(value.destination).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination'],
        message: 'Enter the email address of your PayPal account',
      });
    }
    if (value.method === 'usdt' && !USDT_ADDRESS.test(value.destination)) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination'],
        message: 'Enter a USDT address on Tron (TRC-20, starts with T) or Ethereum (ERC-20, starts with 0x)',
      });
    }
  });
export type CashOutRequest = z.infer<typeof CashOutRequestSchema>;

export const CashOutSchema = z.object({
  id: z.number(),
  points: z.number(),
  /** What the points are worth at the cash-out rate. */
  amountUsd: z.number(),
  method: z.enum(CASH_OUT_METHODS),
  destination: z.string(),
  status: z.enum(CASH_OUT_STATUSES),
  paymentReference: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CashOut = z.infer<typeof CashOutSchema>;

export const AdminCashOutSchema = CashOutSchema.extend({
  user: z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }),
});
export type AdminCashOut = z.infer<typeof AdminCashOutSchema>;

export const AdjustmentSchema = z.object({
  /** The account, by email address. */
  email: z.string().trim().toLowerCase().pipe(z.email('Enter the email address of an account')),
  delta: z
    .number()
    .int('Points are whole numbers')
    .refine((d) => d !== 0, 'The change cannot be 0')
    .refine((d) => Math.abs(d) <= 1_000_000, 'At most 1,000,000 points at once'),
  reason: z.string().trim().min(5, 'Give a reason (5 characters or more)').max(500),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

/** The Monday 00:00 UTC that begins the week of `at`. */
export function weekStartOf(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

export const WeeklyWinnerSchema = z.object({
  id: z.number(),
  rank: z.number(),
  points: z.number(),
  score: z.number(),
  reviewTitle: z.string(),
  firmName: z.string(),
  firmSlug: z.string(),
  author: z.string(),
});
export type WeeklyWinner = z.infer<typeof WeeklyWinnerSchema>;

export const PointsProgramSchema = z.object({
  cashbackFirms: z.array(CashbackFirmSchema),
  lastWeek: z.object({ weekStart: z.string(), winners: z.array(WeeklyWinnerSchema) }),
  offerwalls: z.object({ offerwall: z.boolean(), adscend: z.boolean() }),
});
export type PointsProgram = z.infer<typeof PointsProgramSchema>;

export const AdminAwardSchema = WeeklyWinnerSchema.extend({
  weekStart: z.string(),
  userEmail: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type AdminAward = z.infer<typeof AdminAwardSchema>;
