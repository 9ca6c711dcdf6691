import { z } from 'zod';
import { ReviewPayloadSchema } from './firms';
import { rowIdParam } from './ids';
import { MODERATION_REASONS, REPORT_REASONS, REVIEW_STATUSES } from './moderation-rules';

const keys = <T extends Record<string, string>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

export const ReportPayloadSchema = z.object({
  reason: z.enum(keys(REPORT_REASONS), { error: 'Choose a reason' }),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type ReportPayload = z.infer<typeof ReportPayloadSchema>;

export const ModerationPayloadSchema = z
  .object({
    action: z.enum(['publish', 'hide', 'delete']),
    reason: z.enum(keys(MODERATION_REASONS)).optional(),
    note: z.string().trim().max(500, 'At most 500 characters').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action !== 'publish' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Choose the reason' });
    }
    if (value.reason === 'other' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what the other reason is' });
    }
  });
export type ModerationPayload = z.infer<typeof ModerationPayloadSchema>;

/**
 * A review an admin adds from elsewhere (the spec's isManual, authorName, source): a trader's email,
 * a forum post, another review site. It shows with 'from {source}' and is published at once.
 */
export const ManualReviewPayloadSchema = ReviewPayloadSchema.omit({ propFirmId: true }).extend({
  propFirmId: rowIdParam({ error: 'Choose the firm' }),
  authorName: z.string().trim().min(1, "Give the author's name").max(80, 'At most 80 characters'),
  source: z.string().trim().min(2, 'Say where the review comes from').max(80, 'At most 80 characters'),
  reviewedOn: z.iso
    .date('A date like 2026-05-31')
    .refine((d) => new Date(d) <= new Date(), 'The date cannot be in the future')
    .optional(),
});
export type ManualReviewPayload = z.infer<typeof ManualReviewPayloadSchema>;

export const MODERATION_VIEWS = ['queue', 'held', 'reported', 'hidden', 'manual', 'all'] as const;
export const ModerationQuerySchema = z.object({
  view: z.enum(MODERATION_VIEWS).default('queue'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const MODERATION_PAGE_SIZE = 20;

export const AdminReviewSchema = z.object({
  id: z.number(),
  rating: z.number(),
  title: z.string(),
  comment: z.string(),
  status: z.enum(REVIEW_STATUSES),
  autoChecks: z.array(z.string()),
  isManual: z.boolean(),
  authorName: z.string().nullable(),
  source: z.string().nullable(),
  moderationReason: z.string().nullable(),
  moderationNote: z.string().nullable(),
  moderatedBy: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  createdAt: z.string(),
  firm: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  author: z
    .object({ id: z.string(), email: z.string(), username: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  reports: z.array(
    z.object({ reason: z.string(), note: z.string().nullable(), createdAt: z.string(), open: z.boolean() }),
  ),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewPageSchema = z.object({
  reviews: z.array(AdminReviewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>;

/** A user's own review as /profile lists it: where it stands and, if removed, why. */
export const OwnReviewStatusSchema = z.object({
  id: z.number(),
  rating: z.number(),
  title: z.string(),
  status: z.enum(REVIEW_STATUSES),
  moderationReason: z.string().nullable(),
  createdAt: z.string(),
  firm: z.object({ name: z.string(), slug: z.string() }),
});
export type OwnReviewStatus = z.infer<typeof OwnReviewStatusSchema>;

export const IntegrityYearSchema = z.object({
  year: z.number().int(),
  received: z.number().int(),
  published: z.number().int(),
  held: z.number().int(),
  removed: z.number().int(),
  removedByReason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  removedAfterChecks: z.number().int().describe('Removed reviews the automatic checks had held'),
  removedAfterReportsOrStaff: z.number().int().describe('Removed reviews readers reported or staff found'),
  heldByChecks: z.number().int(),
  reports: z.number().int(),
  medianHoursToDecision: z.number().nullable(),
});
export type IntegrityYear = z.infer<typeof IntegrityYearSchema>;
export const IntegrityReportSchema = z.object({ years: z.array(IntegrityYearSchema) });
export type IntegrityReport = z.infer<typeof IntegrityReportSchema>;
