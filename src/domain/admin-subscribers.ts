import { z } from 'zod';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const SUBSCRIBERS_PAGE_SIZE = 50;

/** The filter of the subscriber list and of its CSV export. */
export const SubscriberFilterSchema = z.object({
  status: z.enum([...SUBSCRIBER_STATUSES, 'all']).default('all'),
  q: z.string().trim().max(200).default(''),
  tag: z.string().trim().max(50).default(''),
});
export const SubscriberListQuerySchema = SubscriberFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;

export const AdminSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.string(),
  tags: z.array(z.string()),
  source: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>;

export const AdminSubscriberPageSchema = z.object({
  subscribers: z.array(AdminSubscriberSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.record(z.enum(SUBSCRIBER_STATUSES), z.number()),
});
export type AdminSubscriberPage = z.infer<typeof AdminSubscriberPageSchema>;

/** The next weekly deals email as subscribers would get it, and to how many it would go. */
export const DigestPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  couponCount: z.number().int(),
  recipients: z.number().int(),
});
export type DigestPreview = z.infer<typeof DigestPreviewSchema>;

/** One send of the weekly deals email, scheduled or sent now by an admin. */
export const DigestSendSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'admin']),
  triggeredBy: z.string().nullable(),
  status: z.enum(['sending', 'sent', 'failed']),
  subject: z.string().nullable(),
  couponCount: z.number().int().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DigestSend = z.infer<typeof DigestSendSchema>;
export const DigestSendListSchema = z.array(DigestSendSchema);
