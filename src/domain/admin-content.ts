import { z } from 'zod';
import { rowId } from './ids';

/**
 * The coupon, post and quick-update editors' contracts: the admin pages validate with these
 * before sending and the server validates the same payload again. HTML fields are sanitized on
 * the server with the site's allowlist (lib/sanitize.ts) before they are stored.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is limited to ${max.toLocaleString('en-US')} characters`);
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullable()
    .transform((v) => (v ? v : null));
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
const optionalSlug = z
  .string()
  .trim()
  .max(100, 'Slug is limited to 100 characters')
  .nullable()
  .refine(
    (v) => !v || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v),
    'Slug may hold lower-case letters, digits and single hyphens',
  )
  .transform((v) => (v ? v : null));
const html = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} is limited to ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .transform((v) => (isBlankHtml(v) ? null : v));

/** An editor's empty document ('<p></p>') counts as no text. */
export const isBlankHtml = (v: string | null | undefined) =>
  !v || (v.replace(/<[^>]*>|&nbsp;/g, '').trim() === '' && !/<(img|iframe)\b/i.test(v));

/** A calendar day (YYYY-MM-DD), as a date input gives it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const CouponInputSchema = z.object({
  code: text('Code', 60).min(1, 'Code is required'),
  slug: optionalSlug,
  title: optionalText('Title', 160),
  description: optionalText('Description', 1000),
  discountPercent: z
    .number({ error: 'Discount must be a number' })
    .min(0, 'Discount must be at least 0')
    .max(100, 'Discount must be at most 100')
    .nullable(),
  /** The last day the coupon works (through 23:59:59 UTC), or null for no expiry. */
  expiryDate: z
    .string()
    .nullable()
    .refine(
      (v) => !v || (DAY_PATTERN.test(v) && !Number.isNaN(Date.parse(v))),
      'Expiry must be a date (YYYY-MM-DD)',
    ),
  isActive: z.boolean(),
  featured: z.boolean(),
  image: optionalImage('Image'),
  affiliateUrl: optionalUrl('Affiliate URL'),
  terms: html('Terms', 20_000),
  propFirmId: rowId().nullable(),
});
export type CouponInput = z.input<typeof CouponInputSchema>;
export type CouponValues = z.output<typeof CouponInputSchema>;

export const CouponUpdateSchema = z.object({
  version: z.number({ error: 'version is required' }).int().positive(),
  coupon: CouponInputSchema,
});

export const AdminCouponSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  code: z.string(),
  slug: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  discountPercent: z.number().nullable(),
  expiryDate: z.string().nullable().describe('YYYY-MM-DD, the last day it works'),
  isActive: z.boolean(),
  featured: z.boolean(),
  image: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
  terms: z.string().nullable(),
  propFirmId: z.number().int().nullable(),
  firmName: z.string().nullable(),
  usageCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const ADMIN_CONTENT_PAGE_SIZE = 20;
export const ContentListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is limited to 100 characters').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const AdminCouponPageSchema = z.object({
  coupons: z.array(AdminCouponSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCouponPage = z.infer<typeof AdminCouponPageSchema>;

export const FirmChoiceListSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type FirmChoice = z.infer<typeof FirmChoiceListSchema>[number];

export const emptyCoupon = (): CouponInput => ({
  code: '',
  slug: null,
  title: null,
  description: null,
  discountPercent: null,
  expiryDate: null,
  isActive: true,
  featured: false,
  image: null,
  affiliateUrl: null,
  terms: null,
  propFirmId: null,
});

const ImageSizeSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
/** An uploaded image: its URL (what image fields store) and its narrower copies. */
export const UploadedImageSchema = ImageSizeSchema.extend({ variants: z.array(ImageSizeSchema) });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
