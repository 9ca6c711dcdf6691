import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  ChangePasswordPayloadSchema,
  CurrentUserSchema,
  ForgotPasswordPayloadSchema,
  LogInPayloadSchema,
  ResetPasswordPayloadSchema,
  SignUpPayloadSchema,
  safeNextPath,
} from '../../../domain/accounts';
import { CURRENT_USER_PATH } from '../../../domain/api-paths';
import { enforceRouteAccess, sessionUser } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import type { Http } from '../../lib/http';
import { describedError, redirectResponse } from '../../lib/openapi';
import { byIp, byKey, byUser, HOUR, type Limit, MINUTE, rateLimit } from '../../lib/rate-limit';
import { recordActivity } from '../analytics/service';
import { type Auth, callAuth, createAuth, TWO_FACTOR_MAX_TRIES, TWO_FACTOR_WINDOW_SECONDS } from './auth';
import { sendFetchResponse } from './auth-response';
import { registerDeletionRoutes } from './deletion-routes';
import { registerExportRoutes } from './export-routes';
import { registerPasskeyRoutes } from './passkeys-routes';
import {
  decorateSessionLookup,
  hasReadSession,
  sessionCookiesOf,
  toCurrentUser,
  toFetchHeaders,
} from './service';
import { registerSessionRoutes } from './session-routes';
import { createWrongCodeAlerts } from './two-factor-alerts';

/** Per the email address in the body: a forgotten-password storm against one account. */
const byEmail = (name: string, max: number, timeWindow: number): Limit =>
  byKey(
    `${name}:email`,
    (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
    },
    max,
    timeWindow,
  );

/**
 * The account a two-factor code is tried for: the signed-in user's (turning it on), or the one
 * whose password sign-in awaits its code, named by Better Auth's two_factor cookie.
 */
async function twoFactorAccountOf(auth: Auth, request: FastifyRequest): Promise<string | undefined> {
  const user = await request.server.findSessionUser(request);
  if (user) return user.id;
  const context = await auth.$context;
  const name = context.createAuthCookie('two_factor').name;
  const pair = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (!pair) return undefined;
  // The signature is Better Auth's to check; an identifier alone only picks the counter here.
  const signed = decodeURIComponent(pair.slice(name.length + 1));
  const identifier = signed.slice(0, Math.max(0, signed.lastIndexOf('.')));
  if (!identifier) return undefined;
  const pending = await callAuth(() => context.internalAdapter.findVerificationValue(identifier));
  return pending?.value;
}

/**
 * Accounts: Better Auth on /api/auth/*, with our own routes in front of the sensitive endpoints
 * (validation with field names, per-IP and per-account rate limits, activity logs), the session
 * API of the spec. Registered without encapsulation so the `auth` decoration and the session hook
 * reach every module.
 */
export const accountsRoutes = fp(
  async (app: Http) => {
    const auth = createAuth({
      env: app.env,
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      changes: app.changes,
    });
    app.decorate('auth', auth);
    const db = app.database.db;
    const publicUrl = app.env.PUBLIC_URL;

    decorateSessionLookup(app);
    enforceRouteAccess(app);

    const forward = async (
      request: FastifyRequest,
      reply: FastifyReply,
      pathname: string,
      body?: Record<string, unknown>,
    ) => {
      const headers = toFetchHeaders(request);
      headers.delete('content-length');
      const init: RequestInit = { method: request.method, headers };
      if (!['GET', 'HEAD'].includes(request.method)) {
        headers.set('content-type', 'application/json');
        init.body = JSON.stringify(body ?? request.body ?? {});
      }
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const res = await callAuth(() =>
        auth.handler(new Request(new URL(pathname + search, publicUrl), init)),
      );
      return { res, send: () => sendFetchResponse(reply, res) };
    };
    const logLogIn = (request: FastifyRequest, userId: string) =>
      recordActivity(db, { activityType: 'user_login', referrerUrl: request.headers.referer }, userId);
    const userIdOf = async (res: Response) => {
      const data = (await res.clone().json()) as { user?: { id?: string } };
      return data.user?.id ?? null;
    };

    const tags = ['accounts'];

    app.post(
      '/api/auth/sign-up/email',
      {
        schema: {
          operationId: 'createAccount',
          response: {
            422: describedError('The email address or username is already taken.'),
          },
          summary: 'Sign up with email and password; a verification email is sent and the session starts',
          tags,
          body: SignUpPayloadSchema,
        },
        preHandler: rateLimit(app, [byIp('sign-up', 10, HOUR), byEmail('sign-up', 3, HOUR)]),
      },
      async (request, reply) => {
        const { email, password, firstName, username } = request.body;
        const { res, send } = await forward(request, reply, '/api/auth/sign-up/email', {
          email,
          password,
          name: firstName,
          firstName,
          username,
          displayUsername: username,
        });
        if (res.ok) {
          const userId = await userIdOf(res);
          await recordActivity(
            db,
            { activityType: 'user_signup', referrerUrl: request.headers.referer },
            userId,
          );
        }
        return send();
      },
    );

    app.post(
      '/api/auth/sign-in/email',
      {
        schema: {
          operationId: 'createSession',
          response: {
            401: describedError('Wrong email or password.'),
            403: describedError('The account is suspended: the message says why and until when.'),
          },
          summary:
            'Log in with email and password: sets the session cookie, or asks for a two-factor code (twoFactorRedirect)',
          tags,
          body: LogInPayloadSchema,
        },
        preHandler: rateLimit(app, [byIp('log-in', 30, 15 * MINUTE), byEmail('log-in', 10, 15 * MINUTE)]),
      },
      async (request, reply) => {
        const { res, send } = await forward(request, reply, '/api/auth/sign-in/email', {
          email: request.body.email,
          password: request.body.password,
          rememberMe: request.body.rememberMe ?? true,
        });
        // With two-factor on, the log-in is done (and logged) once the code is right.
        const userId = res.ok ? await userIdOf(res) : null;
        if (userId) await logLogIn(request, userId);
        return send();
      },
    );

    // list-sessions and revoke-session are ours (session-routes.ts): devices named, no tokens.
    registerSessionRoutes(app);
    registerExportRoutes(app);

    // Username log-in is not offered; closing it keeps one rate-limited log-in path.
    app.post('/api/auth/sign-in/username', { schema: { hide: true } }, async () => {
      throw new AppError(404, 'not_found', 'Log in with your email address.');
    });

    app.post(
      '/api/auth/send-verification-email',
      {
        schema: {
          operationId: 'sendVerificationEmail',
          summary: 'Send the signed-in user a new email verification link',
          tags,
          response: {
            200: z.object({ status: z.boolean() }),
            400: describedError('The email address is already verified.'),
          },
        },
        preHandler: rateLimit(app, [byIp('resend', 10, HOUR), byUser('resend', 3, HOUR)]),
        config: { access: 'user' },
      },
      async (request, reply) => {
        const user = sessionUser(request);
        if (user.emailVerified)
          throw new AppError(400, 'email_already_verified', 'Your email is already verified.');
        const { send } = await forward(request, reply, '/api/auth/send-verification-email', {
          email: user.email,
        });
        return send();
      },
    );

    app.post(
      '/api/auth/request-password-reset',
      {
        schema: {
          operationId: 'requestPasswordReset',
          summary: 'Email a password reset link, if an account has this address',
          tags,
          body: ForgotPasswordPayloadSchema,
        },
        preHandler: rateLimit(app, [byIp('reset', 10, HOUR), byEmail('reset', 3, HOUR)]),
      },
      async (request, reply) => {
        const { send } = await forward(request, reply, '/api/auth/request-password-reset', {
          email: request.body.email,
          redirectTo: '/auth?mode=reset',
        });
        return send();
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        schema: {
          operationId: 'resetPassword',
          summary: 'Set a new password with the token of a reset link; other sessions end',
          tags,
          body: ResetPasswordPayloadSchema,
        },
        preHandler: rateLimit(app, [byIp('reset-password', 10, HOUR)]),
      },
      async (request, reply) => (await forward(request, reply, '/api/auth/reset-password')).send(),
    );

    app.post(
      '/api/auth/change-password',
      {
        schema: {
          operationId: 'changePassword',
          summary: "Change the signed-in user's password; their other sessions end",
          tags,
          body: ChangePasswordPayloadSchema,
        },
        preHandler: rateLimit(app, [
          byIp('change-password', 20, 15 * MINUTE),
          byUser('change-password', 5, 15 * MINUTE),
        ]),
        config: { access: 'user' },
      },
      async (request, reply) => {
        const { send } = await forward(request, reply, '/api/auth/change-password', {
          ...request.body,
          revokeOtherSessions: true,
        });
        return send();
      },
    );

    // The member's own account, and an admin's deletion of a user (decision 0070).
    registerDeletionRoutes(app);

    // The email link lands here; Better Auth verifies, we choose where the person lands.
    app.get(
      '/api/auth/verify-email',
      {
        schema: {
          operationId: 'verifyEmail',
          response: {
            302: redirectResponse(
              'To the home page with ?verified=true, or ?verification=invalid|expired|error',
            ),
          },
          summary:
            'The link of a verification email: verifies the address and redirects home with the result',
          tags,
          querystring: z.object({ token: z.string().max(4096).optional() }),
        },
      },
      async (request, reply) => {
        const token = request.query.token;
        if (!token) return reply.redirect('/?verification=invalid', 302);
        const url = new URL('/api/auth/verify-email', publicUrl);
        url.searchParams.set('token', token);
        url.searchParams.set('callbackURL', '/?verified=true');
        const res = await callAuth(() =>
          auth.handler(new Request(url, { method: 'GET', headers: toFetchHeaders(request) })),
        );
        const cookies = res.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const location = res.headers.get('location') ?? '';
        const error = new URL(location || '/', publicUrl).searchParams.get('error');
        if (res.status >= 300 && res.status < 400 && !error) return reply.redirect('/?verified=true', 302);
        const result =
          error === 'TOKEN_EXPIRED' ? 'expired' : error === 'INVALID_TOKEN' ? 'invalid' : 'error';
        return reply.redirect(`/?verification=${result}`, 302);
      },
    );

    app.get(
      CURRENT_USER_PATH,
      {
        schema: {
          operationId: 'getCurrentUser',
          summary: 'The signed-in user',
          tags,
          response: { 200: CurrentUserSchema },
        },
        config: { access: 'user' },
      },
      async (request) => toCurrentUser(app.database.db, sessionUser(request)),
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          operationId: 'endSession',
          summary: 'Log out: ends the session and clears its cookie',
          tags,
          response: { 200: z.object({ success: z.boolean() }) },
        },
      },
      async (request, reply) => {
        const res = await callAuth(() =>
          auth.api.signOut({ headers: toFetchHeaders(request), asResponse: true }),
        );
        const cookies = res.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return { success: true };
      },
    );

    app.get(
      '/api/login',
      {
        schema: {
          operationId: 'redirectToLogin',
          response: { 302: redirectResponse('To /auth, with the next path when it is one of this site') },
          summary: 'Redirect to the log-in page, keeping a safe same-site next path',
          tags,
        },
      },
      async (request, reply) => {
        const next = (request.query as { next?: unknown }).next;
        const target = typeof next === 'string' ? safeNextPath(next) : '/';
        return reply.redirect(target !== '/' ? `/auth?next=${encodeURIComponent(target)}` : '/auth', 302);
      },
    );

    // Better Auth's admin endpoints (set-role, ban-user, impersonate-user...) would bypass the admin
    // module's rules and audit log: the admin API under /api/admin is the one way.
    app.all('/api/auth/admin/*', { schema: { hide: true } }, async () => {
      throw new AppError(404, 'not_found', 'Not found.');
    });

    // Codes are six digits: each one tried counts, per IP address and per account; the fifth wrong
    // one in a row emails the account's owner.
    const alertOnWrongCodes = createWrongCodeAlerts(app);
    const codeLimits = rateLimit(app, [
      byIp('two-factor', TWO_FACTOR_MAX_TRIES, TWO_FACTOR_WINDOW_SECONDS * 1000),
      byKey(
        'two-factor',
        (request) => twoFactorAccountOf(auth, request),
        TWO_FACTOR_MAX_TRIES,
        TWO_FACTOR_WINDOW_SECONDS * 1000,
      ),
    ]);
    for (const [path, operationId, summary] of [
      [
        '/api/auth/two-factor/verify-totp',
        'verifyTwoFactorCode',
        'Check an authenticator code: turns two-factor on, or completes a sign-in',
      ],
      [
        '/api/auth/two-factor/verify-backup-code',
        'verifyBackupCode',
        'Complete a sign-in with a backup code, which is then spent',
      ],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            operationId,
            summary,
            tags,
            // No trustDevice: every sign-in to an account with two-factor on asks for a code.
            body: z.object({ code: z.string().trim().min(1).max(32) }),
            response: { 401: describedError('The code is wrong, or the sign-in has expired.') },
          },
          preHandler: codeLimits,
        },
        async (request, reply) => {
          // Without a session the code completes a log-in; with one it turns two-factor on.
          const signingIn = !(await app.findSessionUser(request));
          const account = signingIn ? await twoFactorAccountOf(auth, request) : undefined;
          const { res, send } = await forward(request, reply, path);
          const userId = res.ok && signingIn ? await userIdOf(res) : null;
          if (userId) await logLogIn(request, userId);
          if (res.status === 401 && account) await alertOnWrongCodes(request, account);
          return send();
        },
      );
    }

    registerPasskeyRoutes(app, { forward, logLogIn });

    app.all(
      '/api/auth/*',
      { schema: { hide: true }, preHandler: rateLimit(app, [byIp('auth', 120, MINUTE)]) },
      async (request, reply) => (await forward(request, reply, request.url.split('?')[0])).send(),
    );

    // An answer that read the session (a page render, a guard) is for that visitor alone, and may
    // carry the session cookie renewed or cleared, unless it sets cookies of its own (Better Auth's
    // sign-in, log-out...).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!hasReadSession(request)) return done(null, payload);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
      const cookies = sessionCookiesOf(request);
      if (cookies && !reply.hasHeader('set-cookie')) reply.header('set-cookie', cookies);
      done(null, payload);
    });
  },
  { name: 'accounts' },
);
