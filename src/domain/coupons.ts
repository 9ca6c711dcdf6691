import { z } from 'zod';

export const CouponFirmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
});
export type CouponFirm = z.infer<typeof CouponFirmSchema>;

export const CouponSchema = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  code: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  discountPercent: z.number().nullable(),
  expiryDate: z.string().nullable(),
  isActive: z.boolean(),
  featured: z.boolean(),
  usageCount: z.number().int(),
  /** Distinct visitor-days that used the coupon since the first day of this month (UTC). */
  usesThisMonth: z.number().int(),
  image: z.string().nullable(),
  logo: z.string().nullable(),
  firmName: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
  /** Sanitised HTML. */
  terms: z.string().nullable(),
  lastVerifiedAt: z.string().nullable(),
  votes: z.object({ worked: z.number().int(), total: z.number().int() }),
  propFirm: CouponFirmSchema.nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponListSchema = z.array(CouponSchema);

export const CouponSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

export const CouponUseResultSchema = z.object({
  usageCount: z.number().int(),
  /** False when this visitor already used the coupon today. */
  counted: z.boolean(),
});

export const CouponVoteSchema = z.object({ worked: z.boolean() });
export const CouponVoteResultSchema = z.object({
  votes: z.object({ worked: z.number().int(), total: z.number().int() }),
});
