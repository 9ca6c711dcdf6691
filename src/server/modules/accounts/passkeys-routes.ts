import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AddPasskeyPayloadSchema,
  PasskeySchema,
  PasskeySignInPayloadSchema,
  RemovePasskeyPayloadSchema,
} from '../../../domain/passkeys';
import { sessionUser } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import type { Http } from '../../lib/http';
import { describedError } from '../../lib/openapi';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { callAuth } from './auth';
import { findOwnPasskey, listPasskeys } from './passkeys';
import { freshSignInRequired, limitPasswordTries } from './recent-sign-in';
import { toFetchHeaders } from './service';

/** Passes a request on to Better Auth (routes.ts): its answer, and a way to send it as it is. */
export type Forward = (
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  body?: Record<string, unknown>,
) => Promise<{ res: Response; send: () => Promise<FastifyReply> }>;

/** The error code of a Better Auth answer, or undefined. */
async function codeOf(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

const copyCookies = (reply: FastifyReply, res: Response) => {
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
};

/**
 * Passkeys (decision 0071): Better Auth's passkey plugin behind our routes, which validate the
 * ceremonies' JSON, limit tries, keep the plugin's rows (tokens, public keys) out of the answers,
 * sign out the other sessions once a passkey is added, and log a passkey sign-in as a log-in.
 */
export function registerPasskeyRoutes(
  app: Http,
  {
    forward,
    logLogIn,
  }: { forward: Forward; logLogIn: (request: FastifyRequest, userId: string) => Promise<unknown> },
): void {
  const tags = ['accounts'];
  const db = app.database.db;
  // Both steps of adding a passkey count against one limit.
  const limitAdding = rateLimit(app, [
    byIp('passkey-add', 30, 15 * MINUTE),
    byUser('passkey-add', 10, 15 * MINUTE),
  ]);

  app.get(
    '/api/auth/passkeys',
    {
      schema: {
        operationId: 'listPasskeys',
        summary: "The signed-in user's passkeys: name, when added and when last used to sign in",
        tags,
        response: { 200: z.array(PasskeySchema) },
      },
      config: { access: 'user' },
    },
    async (request) => listPasskeys(db, sessionUser(request).id),
  );

  // The plugin's own list hands out every row whole (ours above is the one list), and its rename
  // takes a name of any length; the profile offers neither.
  const closed = async () => {
    throw new AppError(404, 'not_found', 'Not found.');
  };
  app.get('/api/auth/passkey/list-user-passkeys', { schema: { hide: true } }, closed);
  app.post('/api/auth/passkey/update-passkey', { schema: { hide: true } }, closed);

  app.get(
    '/api/auth/passkey/generate-register-options',
    {
      schema: {
        operationId: 'startAddingPasskey',
        summary:
          'Options for navigator.credentials.create(): the first step of adding a passkey (needs a sign-in within 10 minutes)',
        tags,
        response: {
          403: describedError('The sign-in is more than 10 minutes old: sign in again to add a passkey.'),
        },
      },
      preHandler: limitAdding,
      config: { access: 'user' },
    },
    async (request, reply) => {
      const { res, send } = await forward(request, reply, '/api/auth/passkey/generate-register-options');
      // Better Auth's freshAge: no password will do here, only a new sign-in.
      if (res.status === 403)
        throw freshSignInRequired(
          'For your security, adding a passkey needs a sign-in within the last 10 minutes. Sign in again, then add it.',
        );
      return send();
    },
  );

  app.post(
    '/api/auth/passkey/verify-registration',
    {
      schema: {
        operationId: 'addPasskey',
        summary: 'Add the passkey the browser created, named; every other session of the account ends',
        tags,
        body: AddPasskeyPayloadSchema,
        response: {
          200: PasskeySchema,
          400: describedError('The passkey could not be verified, or the ceremony has expired.'),
          401: describedError('The device did not verify its user (PIN, fingerprint or face).'),
        },
      },
      preHandler: limitAdding,
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const { res, send } = await forward(request, reply, '/api/auth/passkey/verify-registration', {
        response: request.body.response,
        name: request.body.name,
      });
      // The plugin answers a response it cannot parse with a 500: it is the request that is bad.
      if (res.status === 500 && (await codeOf(res)) === 'FAILED_TO_VERIFY_REGISTRATION')
        throw new AppError(
          400,
          'passkey_not_verified',
          'This passkey could not be verified. Please try again.',
        );
      if (!res.ok) return send();
      const { id } = (await res.json()) as { id: string };
      copyCookies(reply, res);
      // A new way into the account: every other session ends, as with a new password.
      await callAuth(() => app.auth.api.revokeOtherSessions({ headers: toFetchHeaders(request) }));
      const added = await findOwnPasskey(db, user.id, id);
      if (!added) throw new AppError(404, 'not_found', 'The passkey was removed meanwhile.');
      return added;
    },
  );

  app.get(
    '/api/auth/passkey/generate-authenticate-options',
    {
      schema: {
        operationId: 'startPasskeySignIn',
        summary: 'Options for navigator.credentials.get(): the first step of signing in with a passkey',
        tags,
      },
      preHandler: rateLimit(app, [byIp('passkey-sign-in', 30, 15 * MINUTE)]),
    },
    async (request, reply) =>
      (await forward(request, reply, '/api/auth/passkey/generate-authenticate-options')).send(),
  );

  app.post(
    '/api/auth/passkey/verify-authentication',
    {
      schema: {
        operationId: 'signInWithPasskey',
        summary: 'Sign in with a passkey: sets the session cookie; no two-factor code follows',
        tags,
        body: PasskeySignInPayloadSchema,
        response: {
          200: z.object({ status: z.boolean() }),
          400: describedError('The passkey could not be verified, or the sign-in has expired.'),
          401: describedError('No account has this passkey, or the device did not verify its user.'),
          403: describedError('The account is suspended: the message says why and until when.'),
        },
      },
      preHandler: rateLimit(app, [byIp('passkey-sign-in', 30, 15 * MINUTE)]),
    },
    async (request, reply) => {
      const { res, send } = await forward(request, reply, '/api/auth/passkey/verify-authentication', {
        response: request.body.response,
      });
      if (!res.ok) return send();
      // The plugin's answer carries the session's token: the cookie is the one place for it.
      const { user } = (await res.json()) as { user: { id: string } };
      copyCookies(reply, res);
      await logLogIn(request, user.id);
      return { status: true };
    },
  );

  app.post(
    '/api/auth/passkey/delete-passkey',
    {
      schema: {
        operationId: 'removePasskey',
        summary:
          "Remove one of the signed-in user's passkeys: needs the password, or a sign-in within 10 minutes",
        tags,
        body: RemovePasskeyPayloadSchema,
        response: {
          200: z.object({ status: z.boolean() }),
          400: describedError('The password is wrong.'),
          403: describedError(
            'No password, and the sign-in is more than 10 minutes old (fresh_sign_in_required).',
          ),
          404: describedError('The user has no such passkey.'),
        },
      },
      // Each try may check a password (Better Auth's before hook, `requireRecentSignInForAuth`).
      preHandler: limitPasswordTries(app, 'passkey-remove', 10),
      config: { access: 'user' },
    },
    async (request, reply) => {
      // Someone else's passkey is as unknown as one that does not exist.
      if (!(await findOwnPasskey(db, sessionUser(request).id, request.body.id)))
        throw new AppError(404, 'not_found', 'This passkey is already removed.');
      const { send } = await forward(request, reply, '/api/auth/passkey/delete-passkey', {
        id: request.body.id,
        ...(request.body.password ? { password: request.body.password } : {}),
      });
      return send();
    },
  );
}
