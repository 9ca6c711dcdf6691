import { z } from 'zod';

/** Why a points balance changed; each ledger row names one. */
export const POINTS_REASONS = [
  'cashback',
  'review_award',
  'review_award_revoked',
  'offer',
  'offer_reversal',
  'payout',
  'payout_returned',
  'admin_adjustment',
] as const;
export const PointsReasonSchema = z.enum(POINTS_REASONS);
export type PointsReason = z.infer<typeof PointsReasonSchema>;

/**
 * The published rules of the points economy, in one place: the server computes with them and the
 * pages show them (/earn-points, /cashback-claims, /profile).
 */
export const POINTS_RULES = {
  /** Spec section 9: points per $1 spent equal the firm's cashback percentage. */
  cashbackPointsPerDollarPerPercent: 1,
  /** What points are worth when paid out: this many points make $1. */
  pointsPerUsd: 100,
  /** The smallest payout, in points. */
  payoutMinimumPoints: 2500,
  /** Weekly top reviews, first to fifth (spec: 50-250 bonus points). */
  weeklyReviewAwards: [250, 200, 150, 100, 50],
} as const;

/** Points for a cashback claim: amount x percentage x the published rate, rounded down. */
export function cashbackPoints(amountCents: number, percentage: number): number {
  return Math.floor((amountCents * percentage * POINTS_RULES.cashbackPointsPerDollarPerPercent) / 100);
}

/** What a number of points is worth in dollars at the payout rate. */
export const pointsToUsd = (points: number) => points / POINTS_RULES.pointsPerUsd;

/** The words a ledger row's reason is shown with. */
export const POINTS_REASON_LABELS: Record<PointsReason, string> = {
  cashback: 'Cashback claim approved',
  review_award: 'Top weekly review award',
  review_award_revoked: 'Review award revoked',
  offer: 'Offer completed',
  offer_reversal: 'Offer reversed by the provider',
  payout: 'Payout requested',
  payout_returned: 'Payout rejected: points returned',
  admin_adjustment: 'Adjustment by an admin',
};

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** The form fields of a cashback claim (sent as multipart text fields before the receipt file). */
export const CashbackClaimPayloadSchema = z.object({
  propFirmId: z.coerce.number().int().positive('Choose a firm'),
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

export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
