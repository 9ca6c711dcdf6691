import { z } from 'zod';
import {
  normalizeReplyBody,
  REPLY_BODY_MAX,
  REPLY_BODY_MIN,
  REPLY_CONTROL_CHARACTERS,
  REPLY_STATUSES,
  REPLY_TARGETS,
} from './reply-rules';

/**
 * Contracts of a firm's replies: `PUT`/`DELETE /api/reviews/{id}/reply` and
 * `/api/payout-reports/{id}/reply` (its representatives), `/api/firms/{slug}/withheld-replies`, the
 * admins' `/api/admin/replies`, and the `reply` each public review and payout report carries. The
 * rules without zod are in reply-rules.ts.
 */

const isoTimestamp = z.string().describe('ISO 8601 timestamp (UTC)');
const id = z.number().int();

const lengthMessage = `A reply is ${REPLY_BODY_MIN} to ${REPLY_BODY_MAX.toLocaleString('en-US')} characters.`;

export const ReplyPayloadSchema = z.object({
  body: z
    .string({ error: 'Write the reply.' })
    .transform(normalizeReplyBody)
    .pipe(
      z
        .string()
        .min(REPLY_BODY_MIN, lengthMessage)
        .max(REPLY_BODY_MAX, lengthMessage)
        .refine(
          (body) => !REPLY_CONTROL_CHARACTERS.test(body),
          'Write plain text: words and line breaks only.',
        ),
    )
    .describe(
      `Plain text with line breaks, ${REPLY_BODY_MIN} to ${REPLY_BODY_MAX} characters once spaces around it are trimmed`,
    ),
});
export type ReplyPayload = z.infer<typeof ReplyPayloadSchema>;

/** A published reply, as every public review and payout report carries it (`reply`, or null). */
export const PublicReplySchema = z.object({
  body: z.string(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  edited: z.boolean().describe('Its text changed after it was first published or written'),
});
export type PublicReply = z.infer<typeof PublicReplySchema>;

/** The answer to a representative's `PUT`: where the reply stands now. */
export const SavedReplySchema = PublicReplySchema.extend({
  id,
  status: z.enum(REPLY_STATUSES).describe('held: an automatic check wants a moderator to look first'),
  autoChecks: z.array(z.string()),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;

/** A firm's reply that does not show (held for a check, or hidden by a moderator), for its representatives. */
export const WithheldReplySchema = PublicReplySchema.extend({
  id,
  target: z.enum(REPLY_TARGETS),
  targetId: id,
  status: z.enum(['held', 'hidden']),
  hideReason: z.string().nullable(),
});
export type WithheldReply = z.infer<typeof WithheldReplySchema>;
export const WithheldReplyListSchema = z.array(WithheldReplySchema);

/** The reply figures of a firm's Reviews tab (the last 12 months), or null before its first reply. */
export const ReplyFiguresSchema = z.object({
  reviewShare: z.number().describe('Share (0-1) of the reviews of the last 12 months with a published reply'),
  lowRatingShare: z.number().nullable().describe('The same for 1-2 star reviews; null when there are none'),
  medianHours: z.number().nullable().describe('Median hours from a review to its reply'),
});

// ---------------------------------------------------------------- admins

export const HideReplySchema = z.object({
  reason: z
    .string({ error: 'Say why the reply is hidden.' })
    .trim()
    .min(3, 'Say why the reply is hidden.')
    .max(500, 'The reason is at most 500 characters.'),
});
export type HideReply = z.infer<typeof HideReplySchema>;

export const ADMIN_REPLY_VIEWS = ['held', 'hidden', 'all'] as const;
export const ADMIN_REPLIES_PAGE_SIZE = 20;
export const AdminReplyQuerySchema = z.object({
  view: z.enum(ADMIN_REPLY_VIEWS).default('held'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const AdminReplySchema = z.object({
  id,
  status: z.enum(REPLY_STATUSES),
  body: z.string(),
  autoChecks: z.array(z.string()),
  hideReason: z.string().nullable(),
  moderatedBy: z.string().nullable(),
  moderatedAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  firm: z.object({ id, slug: z.string(), name: z.string() }),
  author: z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }).nullable(),
  target: z.object({
    kind: z.enum(REPLY_TARGETS),
    id,
    /** The review's title, or "Denied payout" with its date. */
    title: z.string(),
    /** The review's comment, or the report's comment. */
    text: z.string().nullable(),
    rating: z.number().int().nullable(),
  }),
});
export type AdminReply = z.infer<typeof AdminReplySchema>;

export const AdminReplyPageSchema = z.object({
  replies: z.array(AdminReplySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReplyPage = z.infer<typeof AdminReplyPageSchema>;

export const ModeratedReplySchema = z.object({ id, status: z.enum(REPLY_STATUSES) });
