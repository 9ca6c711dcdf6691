import { z } from 'zod';
import { SignedInSessionSchema, StatusResponseSchema } from '../../../domain/accounts';
import { sessionUser } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import type { Http } from '../../lib/http';
import { describedError } from '../../lib/openapi';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { callAuth } from './auth';
import { toFetchHeaders } from './service';
import { findSessionToken, listSignedInSessions } from './sessions';

/**
 * The signed-in devices of the profile page, under the names of Better Auth's endpoints (issue #56)
 * but ours in front of its handler (decision 0067): its list-sessions hands every session's token to
 * the page's script and refuses sessions older than a day; its revoke-session takes a token. Ours
 * list sessions by id and end one by id, so tokens never leave their cookies. Signing out of all
 * other devices is Better Auth's own revoke-other-sessions.
 */
export function registerSessionRoutes(app: Http): void {
  const tags = ['accounts'];
  const db = app.database.db;

  app.get(
    '/api/auth/list-sessions',
    {
      schema: {
        operationId: 'listSignedInSessions',
        summary: "The signed-in user's sessions: browser, system, when it started and was last active",
        tags,
        response: { 200: z.array(SignedInSessionSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = sessionUser(request);
      const current = await callAuth(() => app.auth.api.getSession({ headers: toFetchHeaders(request) }));
      return listSignedInSessions(db, user.id, current?.session.id ?? '');
    },
  );

  app.post(
    '/api/auth/revoke-session',
    {
      schema: {
        operationId: 'endSignedInSession',
        summary:
          "End one of the signed-in user's sessions, named by its id from list-sessions: that device is signed out",
        tags,
        body: z.object({ id: z.string().min(1).max(200) }),
        response: {
          200: StatusResponseSchema,
          404: describedError('The user has no such session.'),
        },
      },
      preHandler: rateLimit(app, [byIp('end-session', 60, MINUTE), byUser('end-session', 30, MINUTE)]),
      config: { access: 'user' },
    },
    async (request, reply) => {
      const token = await findSessionToken(db, sessionUser(request).id, request.body.id);
      if (!token) throw new AppError(404, 'not_found', 'This device is already signed out.');
      const res = await callAuth(() =>
        app.auth.api.revokeSession({ headers: toFetchHeaders(request), body: { token }, asResponse: true }),
      );
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return { status: res.ok };
    },
  );
}
