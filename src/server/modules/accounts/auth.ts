import { AsyncLocalStorage } from 'node:async_hooks';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { admin, twoFactor, username } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { USERNAME_PATTERN } from '../../../domain/accounts';
import { formatDate } from '../../../domain/format';
import type { Db } from '../../db/client';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../../db/schema';
import type { Env } from '../../env';
import { isDatabaseUnavailable } from '../../lib/error-handler';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { resolveMasterSecret } from '../../lib/secrets';
import { noteSessionDevice } from './devices';
import { renderResetEmail, renderVerificationEmail } from './emails';
import { markPasskeySession, passkeyPlugin } from './passkeys';
import { refuseWeakPasswords } from './password-policy';
import { FRESH_SIGN_IN_SECONDS, requireRecentSignInForAuth } from './recent-sign-in';

export const VERIFY_EMAIL_TTL_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;
/** Tries at a two-factor code per account and per IP address in a window of this many seconds. */
export const TWO_FACTOR_MAX_TRIES = 5;
export const TWO_FACTOR_WINDOW_SECONDS = 5 * 60;

export interface AuthDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  changes: Changes;
}

/** Per call into Better Auth (`callAuth`): the first error saying the database is unreachable. */
const unreachable = new AsyncLocalStorage<{ error?: unknown }>();

/**
 * Better Auth's database adapter, each of its calls watched: an error saying the database is
 * unreachable is noted for the auth call under way before Better Auth sees it. Better Auth catches
 * database errors itself and answers 500, 422 (sign-up), or as if there were no session.
 */
function watchedAdapter<A extends object>(adapter: A): A {
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          const call = unreachable.getStore();
          if (call && call.error === undefined && isDatabaseUnavailable(error)) call.error = error;
          throw error;
        }
      };
    },
  });
}

/**
 * Runs a call into Better Auth (`auth.handler`, `auth.api.*`). If the database was unreachable
 * during it, Better Auth's answer cannot be trusted (a failed log-in, no session, a sign-out that
 * deleted nothing): the call throws the database's error instead, which the error handler answers
 * 503 with Retry-After.
 */
export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  const state: { error?: unknown } = {};
  let result: T;
  try {
    result = await unreachable.run(state, call);
  } catch (error) {
    throw state.error ?? error;
  }
  if (state.error !== undefined) throw state.error;
  return result;
}

export function createAuth({ env, db, mailer, log, changes }: AuthDeps) {
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, '');
  const adapter = drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: users,
      session: sessions,
      account: accounts,
      verification: verifications,
      twoFactor: twoFactors,
      passkey: passkeys,
    },
  });
  const devices = { db, mailer, log, publicUrl, secureCookies: publicUrl.startsWith('https://') };
  return betterAuth({
    appName: 'Prop Firm Club',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: resolveMasterSecret(env, log),
    trustedOrigins: [new URL(publicUrl).origin],
    database: (options: BetterAuthOptions) => watchedAdapter(adapter(options)),
    telemetry: { enabled: false },
    // Our routes apply @fastify/rate-limit per IP and per account (shared through Redis when set).
    rateLimit: { enabled: false },
    logger: {
      level: env.NODE_ENV === 'test' ? 'error' : 'warn',
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error : level === 'warn' ? log.warn : log.info;
        fn.call(log, { args }, `auth: ${message}`);
      },
    },
    advanced: {
      cookiePrefix: 'pfc',
      // Secure whenever the site is served over https (every real deployment); a plain-http
      // `npm start` on a LAN address could otherwise never keep a session.
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // No visitor's IP address is stored (issue #23): sessions keep none; rate limits are ours.
      ipAddress: { disableIpTracking: true },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        points: { type: 'number', required: false, input: false, defaultValue: 0 },
      },
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => changes.publishCommitted({ type: 'user.deleted', id: user.id }),
      },
    },
    // Better Auth writes accounts in transactions of its own; these run once they have committed.
    // A sign-up moves the home page's count of traders, a changed name the reviews that show it.
    databaseHooks: {
      user: {
        create: { after: async (user) => changes.publishCommitted({ type: 'user.created', id: user.id }) },
        update: { after: async (user) => changes.publishCommitted({ type: 'user.updated', id: user.id }) },
      },
      // A sign-in from a browser the account has not used before emails its owner; a passkey
      // sign-in's session is marked as two factors.
      session: {
        create: {
          before: async (session, ctx) => markPasskeySession(session, ctx),
          after: async (session, ctx) => noteSessionDevice(devices, session, ctx),
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await refuseWeakPasswords(ctx);
        await requireRecentSignInForAuth(ctx);
      }),
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // Sensitive actions without the password (adding or removing a passkey, changing the email)
      // need a sign-in within the last 10 minutes (decision 0071).
      freshAge: FRESH_SIGN_IN_SECONDS,
      additionalFields: {
        signedInWithPasskey: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // The spec lets unverified users sign in; only reviews and giveaways demand a verified email.
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        const link = `${publicUrl}/auth?mode=reset&token=${encodeURIComponent(token)}`;
        await mailer.send({ to: user.email, ...renderResetEmail({ link, firstName: firstNameOf(user) }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        // Our own verify route picks the landing page, so the link carries no callback URL.
        const link = `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          ...renderVerificationEmail({ link, firstName: firstNameOf(user) }),
        });
      },
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
      }),
      // The admin plugin refuses a suspended user's log-in (and lifts a suspension that ended);
      // suspensions are written by the admin module (`suspendUser`), never by its own endpoints.
      admin({ defaultRole: 'user', adminRoles: ['admin'], bannedUserMessage: suspensionMessage }),
      // TOTP of RFC 6238 (6 digits, 30 s). Backup codes are encrypted with the master secret, not
      // hashed: the plugin can then show them again and spend each one once. Wrong codes are also
      // limited by our routes (per IP and per account, with Retry-After); the lockout is the plugin's
      // own per-account backstop with the same numbers.
      twoFactor({
        issuer: 'Prop Firm Club',
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: { amount: 10, storeBackupCodes: 'encrypted' },
        accountLockout: {
          maxFailedAttempts: TWO_FACTOR_MAX_TRIES,
          durationSeconds: TWO_FACTOR_WINDOW_SECONDS,
        },
      }),
      // Passkeys (WebAuthn) for the site of PUBLIC_URL; a passkey sign-in is two factors.
      passkeyPlugin(publicUrl, db),
    ],
  });
}

/** What a suspended user reads when they try to log in: why, and until when. */
export function suspensionMessage(user: { banReason?: string | null; banExpires?: Date | string | null }) {
  const until = user.banExpires ? ` until ${formatDate(user.banExpires)}` : '';
  const reason = user.banReason ? `: ${user.banReason}` : '';
  return `Your account is suspended${until}${reason}. Contact us if you think this is a mistake.`;
}

function firstNameOf(user: { name?: string | null } & Record<string, unknown>): string {
  const first = user.firstName;
  return typeof first === 'string' && first ? first : (user.name ?? '');
}

export type Auth = ReturnType<typeof createAuth>;
