import { z } from 'zod';

/** Contracts of the /api/admin answers and payloads shared by the admin pages and the server. */

/** What spec section 8 says a 409 means; the server answers a stale save with it. */
export const CONFLICT_MESSAGE = 'There was a conflict with the current state. Please refresh and try again.';

const count = z.number().int();

export const AdminOverviewSchema = z.object({
  users: count,
  verifiedUsers: count,
  admins: count,
  activeSessions: count,
  content: z.object({
    listedFirms: count,
    otherFirms: count.describe('Firms whose status is not listed'),
    unlistedFirms: count.describe('Entries of the "Firms Not Yet Listed" list'),
    fundingModels: count,
    accounts: count,
    liveCoupons: count.describe('Active and not expired'),
    expiredCoupons: count.describe('Active but past their expiry date: to renew or switch off'),
    publishedPosts: count,
    draftPosts: count.describe('Not published, or published with a date still to come'),
    quickUpdates: count,
    reviews: count,
    newsletterSubscribers: count.describe('Confirmed and still subscribed'),
  }),
  queues: z.object({
    reviewsLastWeek: count.describe('Reviews posted in the last 7 days, newest first below'),
    reviewsToModerate: count.describe('Reviews held by the automatic checks or with an open report'),
    messagesLastWeek: count.describe('Contact messages received in the last 7 days'),
    newMessages: count.describe('Contact messages nobody has answered or closed yet'),
    pendingSubscribers: count.describe('Newsletter sign-ups still waiting for confirmation'),
  }),
  recentReviews: z.array(
    z.object({
      id: count,
      firmName: z.string(),
      firmSlug: z.string(),
      rating: count,
      title: z.string(),
      createdAt: z.string(),
    }),
  ),
  recentMessages: z.array(
    z.object({
      id: count,
      name: z.string(),
      email: z.string(),
      topic: z.string(),
      message: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

/** Entities the audit log names; other admin work adds its own. */
export const AUDIT_ENTITIES = [
  'firm',
  'unlisted_firm',
  'platform',
  'payout_method',
  'coupon',
  'post',
  'update',
  'giveaway',
  'user',
  'contact_message',
  'review',
  'subscriber',
] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

export const AuditEntrySchema = z.object({
  id: count,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  summary: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 25;

export const AuditQuerySchema = z.object({
  entity: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_]*$/, 'Entity is lower-case letters and _')
    .optional(),
  entityId: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: count,
  page: count,
  pageSize: count,
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
