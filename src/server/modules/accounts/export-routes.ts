import { APIError } from 'better-auth/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MAX, StatusResponseSchema } from '../../../domain/accounts';
import { sessionUser } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { ErrorSchema, type Http } from '../../lib/http';
import { binaryResponse, describedError } from '../../lib/openapi';
import { byIp, byUser, HOUR, MINUTE, rateLimit } from '../../lib/rate-limit';
import { callAuth } from './auth';
import { buildExportZip, collectAccountData, exportFileName } from './export';
import { toFetchHeaders } from './service';

/** How long a sign-in, or a password entered again, lets the account's data be downloaded. */
export const REAUTHENTICATION_WINDOW = 10 * MINUTE;
/** The 403 code that tells the profile page to ask for the password. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
const EXPORTS_PER_HOUR = 1;

const ConfirmPasswordSchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX, 'Password is too long.'),
});

const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/**
 * "Download my data": `GET /api/profile/export` answers the account's ZIP (export.ts) when the
 * session began within the last 10 minutes or the password was entered again within them
 * (`POST /api/profile/export/confirm`), at most once an hour per account. Both marks live in the
 * store of the rate limits (lib/rate-limit.ts: Redis when configured, so every process sees
 * them), keyed by the session and by the account, and expire by themselves.
 */
export function registerExportRoutes(app: Http): void {
  const tags = ['accounts'];
  const db = app.database.db;

  // The session of the request (the access hook has let its user in), asked of Better Auth once.
  const sessions = new WeakMap<FastifyRequest, Promise<{ id: string; createdAt: Date }>>();
  const sessionOf = (request: FastifyRequest) => {
    let lookup = sessions.get(request);
    if (!lookup) {
      lookup = callAuth(() => app.auth.api.getSession({ headers: toFetchHeaders(request) })).then((found) => {
        // Ended between the access check and here.
        if (!found) throw new AppError(401, 'unauthorized', 'Authentication required');
        return { id: found.session.id, createdAt: new Date(found.session.createdAt) };
      });
      sessions.set(request, lookup);
    }
    return lookup;
  };

  // A counter that exists for 10 minutes after the password was confirmed in this session.
  const confirmation = app.createRateLimit({
    max: 1,
    timeWindow: REAUTHENTICATION_WINDOW,
    keyGenerator: async (request) => `data-export:confirmed:${(await sessionOf(request)).id}`,
  });
  const exports = app.createRateLimit({
    max: EXPORTS_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request) => `data-export:user:${sessionUser(request).id}`,
  });

  const requireRecentSignIn = async (request: FastifyRequest) => {
    const session = await sessionOf(request);
    if (Date.now() - session.createdAt.getTime() <= REAUTHENTICATION_WINDOW) return;
    const confirmed = await confirmation(request, { increment: false });
    if (!confirmed.isAllowed && confirmed.remaining < 1) return;
    throw new AppError(403, REAUTHENTICATION_REQUIRED, 'Enter your password again to download your data.');
  };

  // Counted once the caller may export, so asking for the password does not use up the hour.
  const limitExports = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await exports(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    throw new AppError(
      429,
      'rate_limited',
      `You can download your data once an hour. Try again in ${minutes(seconds)}.`,
    );
  };

  app.get(
    '/api/profile/export',
    {
      schema: {
        operationId: 'exportAccountData',
        summary:
          "Download the signed-in user's data as one ZIP: account, reviews, points, claims, reports, entries and images",
        description:
          'Needs a sign-in within the last 10 minutes, or the password entered again since in this session (POST /api/profile/export/confirm); else 403 with the code reauthentication_required. One export an hour per account (429 with Retry-After).',
        tags,
        response: {
          200: binaryResponse(
            'application/zip',
            'account.json, reviews.json, points-ledger.csv, cashback-claims.json, payout-reports.json, giveaway-entries.json, cash-outs.json, and the receipt and evidence images as stored.',
          ),
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
      preHandler: [requireRecentSignIn, limitExports],
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const session = await sessionOf(request);
      const now = new Date();
      const data = await collectAccountData(db, user.id, session.id, now);
      const zip = buildExportZip(app.storage, data, (image) =>
        request.log.warn(
          { key: image.key, userId: user.id },
          'data export: an image is missing from storage',
        ),
      );
      zip.on('error', (err) => request.log.error({ err, userId: user.id }, 'data export stopped'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zip);
    },
  );

  app.post(
    '/api/profile/export/confirm',
    {
      schema: {
        operationId: 'confirmDataExport',
        summary:
          'Enter the password again: the data of the signed-in user can be downloaded from this session for 10 minutes',
        tags,
        body: ConfirmPasswordSchema,
        response: {
          200: StatusResponseSchema,
          400: describedError('The password is wrong (or the account has none), or the body is invalid.'),
        },
      },
      preHandler: rateLimit(app, [
        byIp('export-confirm', 20, 15 * MINUTE),
        byUser('export-confirm', 5, 15 * MINUTE),
      ]),
      config: { access: 'user' },
    },
    async (request) => {
      try {
        // Better Auth's own check of the password against the account's stored hash.
        await callAuth(() =>
          app.auth.api.verifyPassword({
            headers: toFetchHeaders(request),
            body: { password: request.body.password },
          }),
        );
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 400)
          throw new AppError(400, 'invalid_password', 'That password is not right.');
        if (error instanceof APIError && error.statusCode === 401)
          throw new AppError(401, 'unauthorized', 'Authentication required');
        throw error;
      }
      await confirmation(request);
      return { status: true };
    },
  );
}
