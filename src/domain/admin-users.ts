import { z } from 'zod';
import { rowIdParam } from './ids';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const USER_FILTERS = ['all', 'admins', 'suspended'] as const;

export const AdminUserQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  filter: z.enum(USER_FILTERS).default('all'),
  page: rowIdParam().default(1),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;
export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const RolePayloadSchema = z.object({ admin: z.boolean() });

/** Why a user is suspended; the user sees the label (and the admin's note) when they try to log in. */
export const SUSPENSION_REASONS = {
  spam: 'Spam',
  fake_reviews: 'Fake or incentivised reviews',
  abusive: 'Abusive behaviour',
  multiple_accounts: 'Multiple accounts',
  points_fraud: 'Giveaway or points fraud',
  other: 'Other',
} as const;
export type SuspensionReason = keyof typeof SUSPENSION_REASONS;
/** How long a suspension lasts, in days; null: until an admin lifts it. */
export const SUSPENSION_DAYS = [1, 7, 30, null] as const;

export const SuspensionPayloadSchema = z
  .object({
    reason: z.enum(Object.keys(SUSPENSION_REASONS) as [SuspensionReason, ...SuspensionReason[]]),
    note: z.string().trim().max(500).optional(),
    days: z.number().int().min(1).max(365).nullable().default(null),
  })
  .refine((p) => p.reason !== 'other' || Boolean(p.note), {
    message: 'Say why in the note when the reason is Other.',
    path: ['note'],
  });
export type SuspensionPayload = z.infer<typeof SuspensionPayloadSchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  points: z.number().int(),
  createdAt: z.string(),
  reviews: z.number().int(),
  entries: z.number().int(),
  claims: z.number().int(),
  /** The suspension in force (reason as the user sees it; until: null when it lasts until lifted). */
  suspension: z.object({ reason: z.string(), until: z.string().nullable() }).nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  reviews: z.array(
    z.object({
      id: z.number().int(),
      firmName: z.string(),
      title: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  entries: z.array(
    z.object({ giveawayTitle: z.string(), ticketNumber: z.number().int(), createdAt: z.string() }),
  ),
  claims: z.array(
    z.object({
      id: z.number().int(),
      firmName: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  points: z.array(z.object({ delta: z.number().int(), reason: z.string(), createdAt: z.string() })),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
