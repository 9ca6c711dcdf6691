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
