import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import {
  checkPasswordStrength,
  type PasswordOwner,
  weakPasswordMessage,
} from '../../../domain/password-strength';

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Better Auth's endpoints that set a new password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

type UserDetails = { email?: unknown; username?: unknown; firstName?: unknown; name?: unknown };
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const ownerOf = (user: UserDetails): PasswordOwner => ({
  email: text(user.email),
  username: text(user.username),
  firstName: text(user.firstName) ?? text(user.name),
});

/**
 * Whose password is being set. Undefined when the request will fail anyway (a reset link that is
 * not valid, no session): the endpoint's own answer says what is wrong, not the password's.
 */
async function findPasswordOwner(ctx: AuthMiddlewareContext): Promise<PasswordOwner | undefined> {
  if (ctx.path === '/sign-up/email') return ownerOf(ctx.body as UserDetails);
  if (ctx.path === '/change-password') {
    const session = await getSessionFromCtx(ctx);
    return session ? ownerOf(session.user) : undefined;
  }
  const token = text(ctx.body?.token) ?? text(ctx.query?.token);
  if (!token) return undefined;
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return undefined;
  const user = await ctx.context.internalAdapter.findUserById(verification.value);
  return user ? ownerOf(user) : undefined;
}

/**
 * Refuses a guessable new password (sign-up, reset, change) before Better Auth writes anything,
 * on every way in: our HTTP routes, the `/api/auth/*` pass-through and `auth.api` calls alike.
 */
export const refuseWeakPasswords = createAuthMiddleware(async (ctx) => {
  const field = NEW_PASSWORD_FIELD[ctx.path];
  const password = field ? ctx.body?.[field] : undefined;
  if (typeof password !== 'string') return;
  const owner = await findPasswordOwner(ctx);
  if (!owner) return;
  const strength = checkPasswordStrength(password, owner);
  if (!strength.strong) {
    throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_WEAK', message: weakPasswordMessage(strength) });
  }
});
