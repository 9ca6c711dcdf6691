import { z } from 'zod';
import {
  AdminCashbackClaimSchema,
  CashbackClaimSchema,
  CashbackFirmSchema,
  CLAIM_STATUSES,
  IdParamsSchema,
} from '../../../domain/points';
import type { Http } from '../../lib/http';
import { byUser, HOUR, rateLimit } from '../../lib/rate-limit';
import { receiveImage } from '../../lib/uploads';
import { requireUser, requireVerifiedUser } from '../accounts/service';
import {
  createCashbackClaim,
  decideClaim,
  listCashbackFirms,
  listClaimsForAdmin,
  listOwnClaims,
  parseClaimFields,
  readClaimProof,
} from './cashback';

const ErrorSchema = z.object({ message: z.string(), code: z.string() });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export async function pointsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const decisionDeps = () => ({
    db,
    changes: app.changes,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    log: app.log,
  });

  app.get(
    '/api/cashback-firms',
    {
      schema: {
        tags: ['points'],
        summary: 'Listed firms that pay cashback, with their percentage',
        response: { 200: z.array(CashbackFirmSchema) },
      },
      config: { cacheTags: ['firms'] },
    },
    () => listCashbackFirms(db),
  );

  app.get(
    '/api/cashback-claims',
    {
      schema: {
        tags: ['points'],
        summary: "The signed-in trader's cashback claims, newest first",
        response: { 200: z.array(CashbackClaimSchema), 401: ErrorSchema },
      },
    },
    async (request) => listOwnClaims(db, (await requireUser(app, request)).id),
  );

  app.post(
    '/api/cashback-claims',
    {
      schema: {
        tags: ['points'],
        summary:
          'File a cashback claim: multipart form with propFirmId, orderReference, amountSpent (dollars), purchaseDate (YYYY-MM-DD), then the receipt image as the file part',
        response: { 201: CashbackClaimSchema, ...errors, 413: ErrorSchema, 415: ErrorSchema },
      },
      preValidation: [
        rateLimit(app, [byUser('cashback-claim', 20, HOUR)]),
        // Who may claim is answered before the upload is read.
        async (request) => {
          await requireVerifiedUser(app, request);
        },
      ],
    },
    async (request, reply) => {
      const user = await requireVerifiedUser(app, request);
      const image = await receiveImage(request, { visibility: 'private' });
      try {
        const payload = parseClaimFields(image.fields);
        const claim = await createCashbackClaim(db, user.id, payload, image.key);
        return reply.status(201).send(claim);
      } catch (err) {
        // A refused claim leaves no receipt behind.
        await Promise.all(
          [image.key, ...image.variants.map((v) => v.key)].map((key) =>
            app.storage.delete(key, 'private').catch(() => undefined),
          ),
        );
        throw err;
      }
    },
  );

  app.get(
    '/api/cashback-claims/:id/proof',
    {
      schema: {
        tags: ['points'],
        summary: "A claim's receipt image: only its claimant and admins",
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const user = await requireUser(app, request);
      const bytes = await readClaimProof(db, app.storage, request.params.id, {
        userId: user.id,
        isAdmin: user.isAdmin,
      });
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );

  // /api/admin/* is guarded for admins by the accounts module; the handlers read the admin for the record.
  app.get(
    '/api/admin/cashback-claims',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cashback claims of one status (pending: oldest first)',
        querystring: z.object({ status: z.enum(CLAIM_STATUSES).default('pending') }),
        response: { 200: z.array(AdminCashbackClaimSchema) },
      },
    },
    (request) => listClaimsForAdmin(db, request.query.status),
  );

  app.post(
    '/api/admin/cashback-claims/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending claim: credits amount x percentage x the published rate',
        params: IdParamsSchema,
        response: { 200: CashbackClaimSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireUser(app, request);
      return decideClaim(decisionDeps(), request.params.id, admin.id, { decision: 'approve' });
    },
  );

  app.post(
    '/api/admin/cashback-claims/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending claim with a reason the trader sees',
        params: IdParamsSchema,
        body: z.object({
          reason: z.string().trim().min(3, 'Give the trader a reason (3 characters or more)').max(500),
        }),
        response: { 200: CashbackClaimSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireUser(app, request);
      return decideClaim(decisionDeps(), request.params.id, admin.id, {
        decision: 'reject',
        reason: request.body.reason,
      });
    },
  );
}
