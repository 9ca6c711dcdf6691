import { z } from 'zod';
import { GiveawayVerificationSchema } from '../../../domain/giveaway-verify';
import {
  AdminDrawPayloadSchema,
  AdminGiveawayCreateSchema,
  AdminGiveawayPatchSchema,
  EnterGiveawayPayloadSchema,
  EnterGiveawayResultSchema,
  GiveawayEntriesQuerySchema,
  GiveawayEntryPageSchema,
  GiveawayImageSchema,
  GiveawayListSchema,
  GiveawaySchema,
  GiveawaySlugParamsSchema,
  MyGiveawayEntrySchema,
} from '../../../domain/giveaways';
import { IdParamsSchema } from '../../../domain/ids';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { UPLOAD_ERRORS } from '../../lib/openapi';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { receiveImage } from '../../lib/uploads';
import { drawGiveaway } from './draw';
import { enterGiveaway } from './entries';
import { closeDueGiveawaysJob } from './jobs';
import { closeGiveawayEarly, createGiveaway, deleteGiveaway, updateGiveaway } from './lifecycle';
import {
  getGiveaway,
  getGiveawayVerification,
  getMyGiveawayEntry,
  listGiveawayEntries,
  listGiveaways,
} from './service';

const tags = ['giveaways'];
const adminTags = ['admin'];
/** What the giveaway rules refuse (lib/openapi.ts adds 400, 401, 403 ... from each route's declaration). */
const errors = { 404: ErrorSchema, 409: ErrorSchema };
// Answers show firm names and logos too.
const cacheTags = ['giveaways', 'firms'];

export async function giveawaysRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/api/giveaways',
    {
      schema: {
        operationId: 'listGiveaways',
        tags,
        summary: 'Every giveaway, newest first',
        response: { 200: GiveawayListSchema },
      },
      config: { cacheTags },
    },
    () => listGiveaways(db),
  );

  app.get(
    '/api/giveaways/:slug',
    {
      schema: {
        operationId: 'getGiveaway',
        tags,
        summary: 'One giveaway; the server seed only once it is completed',
        params: GiveawaySlugParamsSchema,
        response: { 200: GiveawaySchema, 404: ErrorSchema },
      },
      config: { cacheTags },
    },
    (request) => getGiveaway(db, request.params.slug),
  );

  app.get(
    '/api/giveaways/:slug/entries',
    {
      schema: {
        operationId: 'listGiveawayEntries',
        tags,
        summary: 'A page of the entry list in ticket order (keyset: pass nextAfter as after)',
        params: GiveawaySlugParamsSchema,
        querystring: GiveawayEntriesQuerySchema,
        response: { 200: GiveawayEntryPageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
      config: { cacheTags },
    },
    (request) => listGiveawayEntries(db, request.params.slug, request.query),
  );

  app.get(
    '/api/giveaways/:slug/verification',
    {
      schema: {
        operationId: 'getGiveawayVerification',
        tags,
        summary: 'The whole public record of a giveaway, as /verify-giveaway and the script check it',
        params: GiveawaySlugParamsSchema,
        response: { 200: GiveawayVerificationSchema, 404: ErrorSchema },
      },
      config: { cacheTags },
    },
    async (request, reply) => {
      const record = await getGiveawayVerification(db, request.params.slug);
      return reply
        .header('content-disposition', `inline; filename="giveaway-${record.giveaway.slug}.json"`)
        .send(record);
    },
  );

  app.get(
    '/api/giveaways/:slug/my-entry',
    {
      schema: {
        operationId: 'getOwnGiveawayEntry',
        tags,
        summary: "The signed-in user's ticket in this giveaway, or null",
        params: GiveawaySlugParamsSchema,
        response: { 200: MyGiveawayEntrySchema, 401: ErrorSchema, 404: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => getMyGiveawayEntry(db, request.params.slug, sessionUser(request).id),
  );

  app.post(
    '/api/giveaways/:slug/enter',
    {
      schema: {
        operationId: 'enterGiveaway',
        tags,
        summary: 'Enter a giveaway: signed in, verified email, open, once, below maxEntries',
        params: GiveawaySlugParamsSchema,
        body: EnterGiveawayPayloadSchema,
        response: { 201: EnterGiveawayResultSchema, ...errors },
      },
      preHandler: rateLimit(app, [byUser('giveaway-entry', 10, MINUTE), byIp('giveaway-entry', 30, MINUTE)]),
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const result = await enterGiveaway(db, app.changes, sessionUser(request), request.params.slug, {
        socialMediaHandle: request.body.socialMediaHandle,
      });
      return reply.status(201).send(result);
    },
  );

  // ---------------------------------------------------------------- admin
  // Admin only, like every /api/admin path (lib/access.ts).

  app.get(
    '/api/admin/giveaways',
    {
      schema: {
        operationId: 'listAdminGiveaways',
        tags: adminTags,
        summary: 'Every giveaway, for the admin',
        response: { 200: GiveawayListSchema },
      },
    },
    () => listGiveaways(db),
  );

  app.post(
    '/api/admin/giveaways',
    {
      schema: {
        operationId: 'createGiveaway',
        tags: adminTags,
        summary: 'Create a giveaway; the server makes its seed and publishes only the hash',
        body: AdminGiveawayCreateSchema,
        response: { 201: GiveawaySchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createGiveaway(db, app.changes, request.body)),
  );

  app.post(
    '/api/admin/giveaways/images',
    {
      schema: {
        operationId: 'uploadGiveawayImage',
        tags: adminTags,
        summary: "Upload a giveaway's picture (5 MB, images only by content, re-encoded to WebP)",
        consumes: ['multipart/form-data'],
        response: {
          201: GiveawayImageSchema,
          ...UPLOAD_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const image = await receiveImage(request, { visibility: 'public' });
      return reply.status(201).send({ url: image.url as string, width: image.width, height: image.height });
    },
  );

  app.patch(
    '/api/admin/giveaways/:id',
    {
      schema: {
        operationId: 'updateGiveaway',
        tags: adminTags,
        summary: 'Edit a giveaway: everything before the first entry, text and images after',
        params: IdParamsSchema,
        body: AdminGiveawayPatchSchema,
        response: { 200: GiveawaySchema, ...errors },
      },
    },
    (request) => updateGiveaway(db, app.changes, request.params.id, request.body),
  );

  app.post(
    '/api/admin/giveaways/:id/close',
    {
      schema: {
        operationId: 'closeGiveaway',
        tags: adminTags,
        summary: 'Close entries now and publish the entry-list commitment',
        params: IdParamsSchema,
        response: { 200: GiveawaySchema, ...errors },
      },
    },
    (request) => closeGiveawayEarly(db, app.changes, request.params.id),
  );

  app.post(
    '/api/admin/giveaways/:id/draw',
    {
      schema: {
        operationId: 'drawGiveaway',
        tags: adminTags,
        summary: 'Draw with the public client seed, reveal the server seed, email the winners',
        params: IdParamsSchema,
        body: AdminDrawPayloadSchema,
        response: { 200: GiveawaySchema, ...errors },
      },
    },
    (request) =>
      drawGiveaway(
        db,
        { id: request.params.id, clientSeed: request.body.clientSeed },
        { changes: app.changes, mailer: app.mailer, publicUrl: app.env.PUBLIC_URL, log: request.log },
      ),
  );

  app.delete(
    '/api/admin/giveaways/:id',
    {
      schema: {
        operationId: 'deleteGiveaway',
        tags: adminTags,
        summary: 'Delete a giveaway nobody has entered',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteGiveaway(db, app.changes, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.jobs.register(closeDueGiveawaysJob(app.changes));
}
