import { z } from 'zod';
import { IdParamsSchema } from '../../../domain/ids';
import {
  AdminCashbackClaimSchema,
  CashbackClaimSchema,
  CashbackFirmSchema,
  CLAIM_STATUSES,
} from '../../../domain/points';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { binaryResponse, UPLOAD_ERRORS } from '../../lib/openapi';
import { byUser, HOUR, rateLimit } from '../../lib/rate-limit';
import { receiveImage, sendPrivateImage } from '../../lib/uploads';
import {
  createCashbackClaim,
  type DecisionDeps,
  decideClaim,
  listCashbackFirms,
  listClaimsForAdmin,
  listOwnClaims,
  parseClaimFields,
  readClaimProof,
} from './cashback';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Cashback: the firms that pay it, a trader's claims with their receipts, and the admins' decisions. */
export async function cashbackRoutes(app: Http, decisionDeps: () => DecisionDeps): Promise<void> {
  const db = app.database.db;

  app.get(
    '/api/cashback-firms',
    {
      schema: {
        operationId: 'listCashbackFirms',
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
        operationId: 'listCashbackClaims',
        tags: ['points'],
        summary: "The signed-in trader's cashback claims, newest first",
        response: { 200: z.array(CashbackClaimSchema), 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listOwnClaims(db, sessionUser(request).id),
  );

  app.post(
    '/api/cashback-claims',
    {
      schema: {
        operationId: 'createCashbackClaim',
        tags: ['points'],
        summary:
          'File a cashback claim: multipart form with propFirmId, orderReference, amountSpent (dollars), purchaseDate (YYYY-MM-DD), then the receipt image as the file part',
        response: { 201: CashbackClaimSchema, ...errors, 413: UPLOAD_ERRORS[413], 415: UPLOAD_ERRORS[415] },
      },
      preHandler: rateLimit(app, [byUser('cashback-claim', 20, HOUR)]),
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
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
        operationId: 'getCashbackReceipt',
        response: { 200: binaryResponse('image/webp', 'The receipt image.'), 404: ErrorSchema },
        tags: ['points'],
        summary: "A claim's receipt image: only its claimant and admins",
        params: IdParamsSchema,
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const bytes = await readClaimProof(db, app.storage, request.params.id, {
        userId: user.id,
        isAdmin: user.isAdmin,
      });
      return sendPrivateImage(reply, bytes);
    },
  );

  // /api/admin/* is for admins only (lib/access.ts); the handlers read the admin for the record.
  app.get(
    '/api/admin/cashback-claims',
    {
      schema: {
        operationId: 'listAdminCashbackClaims',
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
        operationId: 'approveCashbackClaim',
        tags: ['admin'],
        summary: 'Approve a pending claim: credits amount x percentage x the published rate',
        params: IdParamsSchema,
        response: { 200: CashbackClaimSchema, ...errors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      return decideClaim(decisionDeps(), request.params.id, admin.id, { decision: 'approve' });
    },
  );

  app.post(
    '/api/admin/cashback-claims/:id/reject',
    {
      schema: {
        operationId: 'rejectCashbackClaim',
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
      const admin = sessionUser(request);
      return decideClaim(decisionDeps(), request.params.id, admin.id, {
        decision: 'reject',
        reason: request.body.reason,
      });
    },
  );
}
