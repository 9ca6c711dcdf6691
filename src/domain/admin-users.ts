import { z } from 'zod';
import { rowIdParam } from './ids';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const USER_FILTERS = ['all', 'admins'] as const;

export const AdminUserQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  filter: z.enum(USER_FILTERS).default('all'),
  page: rowIdParam().default(1),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;
export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const RolePayloadSchema = z.object({ admin: z.boolean() });

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
