import { z } from 'zod';
import { CouponSchema } from './coupons';
import { GiveawaySchema } from './giveaways';
import { CashbackClaimSchema, CashOutSchema, PointsEntrySchema } from './points';

/** How many of each list the signed-in home shows; each section links to its full page. */
export const HOME_LIMITS = { recentPoints: 5, openGiveaways: 3, newCoupons: 6, reviews: 6 } as const;
/** 'This week's new coupons': added in the last seven days. */
export const NEW_COUPON_DAYS = 7;

export const EnteredGiveawaySchema = z.object({
  giveaway: GiveawaySchema,
  ticketNumber: z.number().int(),
  /** True once the giveaway is drawn and one of its winners is this user. */
  won: z.boolean(),
});
export type EnteredGiveaway = z.infer<typeof EnteredGiveawaySchema>;

export const OwnReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  firm: z.object({ name: z.string(), slug: z.string(), logo: z.string().nullable() }),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** `GET /api/home`: what the signed-in home shows, for the signed-in user only. */
export const SignedInHomeSchema = z.object({
  points: z.object({ balance: z.number().int(), recent: z.array(PointsEntrySchema) }),
  /** Claims and cash-outs still waiting for an admin. */
  openClaims: z.array(CashbackClaimSchema),
  openCashOuts: z.array(CashOutSchema),
  /** Giveaways this user entered, newest end first; then open ones they have not entered. */
  enteredGiveaways: z.array(EnteredGiveawaySchema),
  openGiveaways: z.array(GiveawaySchema),
  newCoupons: z.array(CouponSchema),
  reviews: z.array(OwnReviewSchema),
});
export type SignedInHome = z.infer<typeof SignedInHomeSchema>;
