import { z } from 'zod';
import { RepresentedFirmSchema } from './firm-representatives';

export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  username: z.string().nullable(),
  isAdmin: z.boolean(),
  points: z.number().int(),
  emailVerified: z.boolean(),
  /** Whether signing in asks for an authenticator code after the password. */
  twoFactorEnabled: z.boolean(),
  /** Present when this session began with a passkey, which counts as two factors (decision 0071). */
  signedInWithPasskey: z.boolean().optional(),
  /** The firms the user represents (an approved claim each), by name; usually none. */
  representativeOf: z.array(RepresentedFirmSchema),
  isAuthenticated: z.literal(true),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;

export const EmailSchema = z
  .string()
  .trim()
  .max(254, 'Email address is too long.')
  .pipe(z.email('Enter a valid email address, like name@example.com.'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const UsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(30, 'Username must be at most 30 characters.')
  .regex(USERNAME_PATTERN, 'Username may only contain letters, digits, _ and -.');

export const FirstNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your first name.')
  .max(60, 'First name must be at most 60 characters.');

export const SignUpPayloadSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: FirstNameSchema,
  username: UsernameSchema,
});
export type SignUpPayload = z.infer<typeof SignUpPayloadSchema>;

export const LogInPayloadSchema = z.object({
  email: EmailSchema,
  // Old accounts may predate today's rules, so log-in only bounds the size.
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX, 'Password is too long.'),
  rememberMe: z.boolean().optional(),
});
export type LogInPayload = z.infer<typeof LogInPayloadSchema>;

export const ForgotPasswordPayloadSchema = z.object({ email: EmailSchema });
export type ForgotPasswordPayload = z.infer<typeof ForgotPasswordPayloadSchema>;

export const ResetPasswordPayloadSchema = z.object({
  token: z.string().min(1, 'The reset link is incomplete.').max(200),
  newPassword: PasswordSchema,
});
export type ResetPasswordPayload = z.infer<typeof ResetPasswordPayloadSchema>;

export const ChangePasswordPayloadSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX),
  newPassword: PasswordSchema,
});
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayloadSchema>;

export const DeleteAccountPayloadSchema = z.object({
  password: z.string().min(1, 'Enter your password to confirm.').max(PASSWORD_MAX),
});
export type DeleteAccountPayload = z.infer<typeof DeleteAccountPayloadSchema>;

export const StatusResponseSchema = z.object({ status: z.boolean() });

/** Where the verification link lands: the home page reads these to show its toast. */
export const VERIFICATION_RESULTS = ['invalid', 'expired', 'error'] as const;
export type VerificationFailure = (typeof VERIFICATION_RESULTS)[number];

/** A `next` target is honoured only when it is a path on this site (never `//host` or a URL). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  for (const ch of next) if (ch.charCodeAt(0) < 32) return '/';
  return next;
}

/** One signed-in device of the user, as the profile's "Signed-in devices" panel lists it. */
export const SignedInSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSessionSchema>;

/** Better Auth's role name for admins; a user's `role` may list several, comma-separated. */
export const ADMIN_ROLE = 'admin';

export const hasAdminRole = (role: string | null | undefined) =>
  (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .includes(ADMIN_ROLE);
