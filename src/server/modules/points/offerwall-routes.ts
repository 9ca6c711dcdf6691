import { z } from 'zod';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { POSTBACK_SIGNATURE_SCHEME } from '../../lib/openapi';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { listPostbacks, offerwallUrl, receivePostback } from './offerwalls';

/** A postback's plain-text answer, as the offerwall providers read it. */
const postbackAnswer = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});

/** Offerwalls: a user's offerwall address, the providers' signed postbacks, and the admins' list of them. */
export async function offerwallRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/api/offerwalls/:provider',
    {
      schema: {
        operationId: 'getOfferwallUrl',
        tags: ['points'],
        summary: "The offerwall's address for the signed-in user, or null when it is not configured",
        params: z.object({ provider: z.enum(['offerwall', 'adscend']) }),
        response: { 200: z.object({ url: z.string().nullable() }), 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = sessionUser(request);
      return { url: offerwallUrl(app.env, request.params.provider, user.id) };
    },
  );

  // Server-to-server callbacks of the offerwall providers, signed with the shared secret (no session).
  app.get(
    '/api/postbacks/:provider',
    {
      schema: {
        operationId: 'receivePostback',
        tags: ['points'],
        summary: 'Offerwall postback: credits or reverses the points of one offer transaction',
        description:
          'Query: transaction_id, user_id, points, status (1 credit, 2 reversal) and sig, the signature (security scheme offerwallSignature). Every postback is stored, refused ones with the reason; a repeated transaction credits nothing. The answer is plain text: `1 credited`, `1 reversed`, `1 duplicate` or `refused: <reason>`.',
        params: z.object({ provider: z.enum(['offerwall', 'adscend']) }),
        security: [{ [POSTBACK_SIGNATURE_SCHEME]: [] }],
        response: {
          200: postbackAnswer(
            'Accepted (credited, reversed, or a duplicate), or refused for an unknown user.',
          ),
          400: postbackAnswer('Refused: a parameter is missing or invalid.'),
          403: postbackAnswer('Refused: the signature does not match.'),
          404: postbackAnswer('Refused: this offerwall is not configured.'),
        },
      },
      preHandler: rateLimit(app, [byIp('postback', 600, MINUTE)]),
    },
    async (request, reply) => {
      const result = await receivePostback(
        { db, changes: app.changes, env: app.env },
        request.params.provider,
        request.query as Record<string, unknown>,
        request.ip,
      );
      return reply
        .status(result.status)
        .header('cache-control', 'no-store')
        .type('text/plain')
        .send(result.outcome === 'refused' ? `refused: ${result.refusalReason}` : `1 ${result.outcome}`);
    },
  );

  app.get(
    '/api/admin/postbacks',
    {
      schema: {
        operationId: 'listPostbacks',
        tags: ['admin'],
        summary: 'Offerwall postbacks, newest first: the refused ones, or all',
        querystring: z.object({ filter: z.enum(['refused', 'all']).default('refused') }),
      },
    },
    (request) => listPostbacks(db, request.query.filter),
  );
}
