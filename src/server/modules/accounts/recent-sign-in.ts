import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import { FRESH_SIGN_IN_REQUIRED } from '../../../domain/passkeys';
import { AppError } from '../../lib/app-error';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';

/**
 * Sensitive actions (decision 0071): the password, or a sign-in within the last 10 minutes. Deleting
 * the account, turning two-factor off and changing the password take the password in every case;
 * removing a passkey, changing the email and downloading the account's data take either; adding a
 * passkey takes a recent sign-in (Better Auth's `freshAge`, the same 10 minutes).
 */

/** A sensitive action without the password needs a sign-in at most this old (Better Auth's freshAge). */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;

/** Whether a session that began at `createdAt` may take a sensitive action without the password. */
export const isFreshSignIn = (createdAt: Date | string, now = Date.now()) =>
  now - new Date(createdAt).getTime() < FRESH_SIGN_IN_SECONDS * 1000;

/** The 403 that has the profile ask for the password, or for a new sign-in where no password will do. */
export const freshSignInRequired = (message: string) => new AppError(403, FRESH_SIGN_IN_REQUIRED, message);

/** What checking a password needs of Better Auth's context (`auth.$context`, or a hook's `ctx.context`). */
export interface PasswordContext {
  internalAdapter: {
    findCredentialAccount(userId: string): Promise<{ password?: string | null } | null>;
  };
  password: { verify(input: { hash: string; password: string }): Promise<boolean> };
}

/**
 * Checks the password against the account's stored hash, with Better Auth's own hashing; a wrong one
 * is 400 and changes nothing. Every account has a password today (no social sign-in), so none is
 * 400 too, with where to turn.
 */
export async function checkPassword(
  context: PasswordContext,
  userId: string,
  password: string,
): Promise<void> {
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (!account?.password)
    throw new AppError(
      400,
      'no_password',
      'This account has no password to confirm with. Please write to us through the contact page.',
    );
  if (!(await context.password.verify({ hash: account.password, password })))
    throw new AppError(400, 'invalid_password', 'Your current password is incorrect.');
}

/**
 * The rule of an action that takes the password or a recent sign-in: a session begun within the last
 * 10 minutes goes ahead; else the password, when given, must be the account's (400 when not); else
 * 403 `fresh_sign_in_required` with `message`.
 */
export async function requireRecentSignIn(
  context: PasswordContext,
  session: { userId: string; createdAt: Date | string },
  password: string | undefined,
  message: string,
): Promise<void> {
  if (isFreshSignIn(session.createdAt)) return;
  if (password) return checkPassword(context, session.userId, password);
  throw freshSignInRequired(message);
}

/** A route's limit on password tries: 20 per IP address and `perAccount` per account in 15 minutes. */
export const limitPasswordTries = (app: FastifyInstance, name: string, perAccount = 5) =>
  rateLimit(app, [byIp(name, 20, 15 * MINUTE), byUser(name, perAccount, 15 * MINUTE)]);

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Better Auth's endpoints that take the password in the body or a recent sign-in. */
const NEED_RECENT_SIGN_IN = new Set(['/passkey/delete-passkey', '/change-email']);

/**
 * Better Auth's before hook for its sensitive endpoints that take no password of their own
 * (removing a passkey, changing the email): `requireRecentSignIn`, answered as Better Auth answers.
 */
export async function requireRecentSignInForAuth(ctx: AuthMiddlewareContext): Promise<void> {
  if (!NEED_RECENT_SIGN_IN.has(ctx.path)) return;
  const session = await getSessionFromCtx(ctx);
  // Without a session the endpoint itself answers 401.
  if (!session) return;
  const password = (ctx.body as { password?: unknown } | undefined)?.password;
  try {
    await requireRecentSignIn(
      ctx.context,
      { userId: session.user.id, createdAt: session.session.createdAt },
      typeof password === 'string' ? password : undefined,
      'For your security, enter your password to continue: you signed in more than 10 minutes ago.',
    );
  } catch (error) {
    if (error instanceof AppError) throw new APIError(error.status as 400 | 403, error.toBody());
    throw error;
  }
}
