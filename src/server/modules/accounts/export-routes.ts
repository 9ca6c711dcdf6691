import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MAX, StatusResponseSchema } from '../../../domain/accounts';
import { sessionUser } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { ErrorSchema, type Http } from '../../lib/http';
import { binaryResponse, describedError } from '../../lib/openapi';
import { HOUR } from '../../lib/rate-limit';
import { callAuth } from './auth';
import { buildExportZip, collectAccountData, exportFileName } from './export';
import {
  checkPassword,
  FRESH_SIGN_IN_SECONDS,
  freshSignInRequired,
  isFreshSignIn,
  limitPasswordTries,
} from './recent-sign-in';
import { toFetchHeaders } from './service';

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
    timeWindow: FRESH_SIGN_IN_SECONDS * 1000,
    keyGenerator: async (request) => `data-export:confirmed:${(await sessionOf(request)).id}`,
  });
  const exports = app.createRateLimit({
    max: EXPORTS_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request) => `data-export:user:${sessionUser(request).id}`,
  });

  // A recent sign-in, or the password confirmed in this session within the same 10 minutes.
  const requireRecentSignInOrPassword = async (request: FastifyRequest) => {
    if (isFreshSignIn((await sessionOf(request)).createdAt)) return;
    const confirmed = await confirmation(request, { increment: false });
    if (!confirmed.isAllowed && confirmed.remaining < 1) return;
    throw freshSignInRequired('Enter your password again to download your data.');
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
          'Needs a sign-in within the last 10 minutes, or the password entered again since in this session (POST /api/profile/export/confirm); else 403 with the code fresh_sign_in_required. One export an hour per account (429 with Retry-After).',
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
      preHandler: [requireRecentSignInOrPassword, limitExports],
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
      preHandler: limitPasswordTries(app, 'export-confirm'),
      config: { access: 'user' },
    },
    async (request) => {
      const { password } = request.body;
      await callAuth(async () => checkPassword(await app.auth.$context, sessionUser(request).id, password));
      await confirmation(request);
      return { status: true };
    },
  );
}
