import { ContactPayloadSchema, ContactResultSchema } from '../../../domain/contact';
import type { Http } from '../../lib/http';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { submitContactMessage } from './service';

export async function contactRoutes(app: Http): Promise<void> {
  app.post(
    '/api/contact',
    {
      schema: {
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
}
