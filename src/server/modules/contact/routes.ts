import {
  InboxMessageSchema,
  InboxPageSchema,
  InboxQuerySchema,
  MessageStatusPayloadSchema,
  ReplyPayloadSchema,
} from '../../../domain/admin-inbox';
import { ContactPayloadSchema, ContactResultSchema } from '../../../domain/contact';
import { IdParamsSchema } from '../../../domain/ids';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { listInboxMessages, replyToMessage, setMessageStatus } from './inbox';
import { submitContactMessage } from './service';

export async function contactRoutes(app: Http): Promise<void> {
  app.post(
    '/api/contact',
    {
      schema: {
        operationId: 'sendContactMessage',
        tags: ['contact'],
        summary: 'Sends a message to the site team',
        body: ContactPayloadSchema,
        response: { 201: ContactResultSchema },
      },
      preHandler: rateLimit(app, [byIp('contact', 3, 10 * MINUTE)]),
    },
    async (request, reply) => {
      await submitContactMessage(
        app.database.db,
        app.mailer,
        app.env.CONTACT_EMAIL,
        request.body,
        request.log,
      );
      return reply
        .status(201)
        .send({ message: "Thanks for your message. We'll reply within two business days." });
    },
  );

  // The admin inbox (admin only, like every /api/admin path).
  const db = app.database.db;
  const tags = ['admin'];

  app.get(
    '/api/admin/messages',
    {
      schema: {
        operationId: 'listMessages',
        tags,
        summary: 'The contact inbox: one status (new by default) or all, paged, with the replies sent',
        querystring: InboxQuerySchema,
        response: { 200: InboxPageSchema },
      },
    },
    async (request) => listInboxMessages(db, request.query),
  );

  app.post(
    '/api/admin/messages/:id/reply',
    {
      schema: {
        operationId: 'replyToMessage',
        tags,
        summary: 'Email a reply to the sender; it is kept with the message, which becomes answered',
        params: IdParamsSchema,
        body: ReplyPayloadSchema,
        response: { 200: InboxMessageSchema, 404: ErrorSchema, 502: ErrorSchema },
      },
      preHandler: rateLimit(app, [byUser('admin-reply', 30, MINUTE)]),
    },
    async (request) =>
      replyToMessage(db, app.mailer, sessionUser(request), request.params.id, request.body.body),
  );

  app.put(
    '/api/admin/messages/:id/status',
    {
      schema: {
        operationId: 'setMessageStatus',
        tags,
        summary: 'Mark a message new, answered or closed',
        params: IdParamsSchema,
        body: MessageStatusPayloadSchema,
        response: { 200: InboxMessageSchema, 404: ErrorSchema },
      },
    },
    async (request) => setMessageStatus(db, sessionUser(request), request.params.id, request.body.status),
  );
}
