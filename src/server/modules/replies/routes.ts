import { z } from 'zod';
import { FirmSlugParamsSchema } from '../../../domain/firms';
import { IdParamsSchema } from '../../../domain/ids';
import {
  AdminReplyPageSchema,
  AdminReplyQuerySchema,
  HideReplySchema,
  ModeratedReplySchema,
  ReplyPayloadSchema,
  SavedReplySchema,
  WithheldReplyListSchema,
} from '../../../domain/replies';
import { REPLY_BODY_MAX, REPLY_BODY_MIN, type ReplyTarget } from '../../../domain/reply-rules';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { listAdminReplies, moderateReply } from './admin';
import { deleteReply, listWithheldReplies, putReply, type ReplyDeps } from './service';

const tags = ['replies'];

/** The reply routes of each target: its path and its words. */
const TARGETS: { kind: ReplyTarget; path: string; name: string; operation: string }[] = [
  { kind: 'review', path: '/api/reviews/:id/reply', name: 'a published review', operation: 'ReviewReply' },
  {
    kind: 'payout_report',
    path: '/api/payout-reports/:id/reply',
    name: 'a verified denied payout report',
    operation: 'PayoutReportReply',
  },
];

export async function repliesRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const deps = (): ReplyDeps => ({
    db,
    changes: app.changes,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    log: app.log,
  });
  const writeLimit = rateLimit(app, [
    byUser('firm-reply', 60, 10 * MINUTE),
    byIp('firm-reply', 120, 10 * MINUTE),
  ]);

  for (const target of TARGETS) {
    app.put(
      target.path,
      {
        schema: {
          operationId: `put${target.operation}`,
          tags,
          summary: `Write or edit the firm's one public reply to ${target.name} (its representatives)`,
          description: `Plain text, ${REPLY_BODY_MIN} to ${REPLY_BODY_MAX} characters. 201 when written, 200 when edited (an edit keeps \`createdAt\` and moves \`updatedAt\`). A link or copied text holds it for a moderator (\`status: held\`). 403 unless the caller represents the firm; 409 for a hidden reply${target.kind === 'payout_report' ? ' or a paid report' : ''}.`,
          params: IdParamsSchema,
          body: ReplyPayloadSchema,
          response: {
            200: SavedReplySchema,
            201: SavedReplySchema,
            400: ErrorSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
          },
        },
        preHandler: writeLimit,
        config: { access: 'verified' },
      },
      async (request, reply) => {
        const saved = await putReply(
          deps(),
          sessionUser(request).id,
          target.kind,
          request.params.id,
          request.body.body,
        );
        return reply.status(saved.created ? 201 : 200).send(saved.reply);
      },
    );

    app.delete(
      target.path,
      {
        schema: {
          operationId: `delete${target.operation}`,
          tags,
          summary: `Delete the firm's reply to ${target.name} (its representatives; a hidden one stays)`,
          params: IdParamsSchema,
          response: {
            204: z.null(),
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
          },
        },
        preHandler: writeLimit,
        config: { access: 'verified' },
      },
      async (request, reply) => {
        await deleteReply(deps(), sessionUser(request).id, target.kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }

  app.get(
    '/api/firms/:slug/withheld-replies',
    {
      schema: {
        operationId: 'listWithheldReplies',
        tags,
        summary:
          "The firm's replies that do not show (held for a check, hidden with the reason), for its representatives",
        params: FirmSlugParamsSchema,
        response: { 200: WithheldReplyListSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listWithheldReplies(db, sessionUser(request).id, request.params.slug),
  );

  // /api/admin/* is for admins only (lib/access.ts); the handlers read the admin for the record.
  app.get(
    '/api/admin/replies',
    {
      schema: {
        operationId: 'listAdminReplies',
        tags: ['admin'],
        summary: "Firms' replies held by the checks (oldest first), hidden, or all, with what they answer",
        querystring: AdminReplyQuerySchema,
        response: { 200: AdminReplyPageSchema },
      },
    },
    async (request) => listAdminReplies(db, request.query),
  );

  app.post(
    '/api/admin/replies/:id/hide',
    {
      schema: {
        operationId: 'hideReply',
        tags: ['admin'],
        summary: "Hide a firm's reply with a reason its representatives read (audited)",
        params: IdParamsSchema,
        body: HideReplySchema,
        response: { 200: ModeratedReplySchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) =>
      moderateReply(deps(), sessionUser(request), request.params.id, {
        action: 'hide',
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/admin/replies/:id/publish',
    {
      schema: {
        operationId: 'publishReply',
        tags: ['admin'],
        summary: "Publish a firm's reply the checks held, or a hidden one again (audited)",
        params: IdParamsSchema,
        response: { 200: ModeratedReplySchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => moderateReply(deps(), sessionUser(request), request.params.id, { action: 'publish' }),
  );
}
