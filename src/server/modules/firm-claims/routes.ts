import { CLAIM_CODE_MINUTES, CLAIM_CODE_TRIES } from '../../../domain/firm-claim-rules';
import {
  AdminFirmClaimsSchema,
  ConfirmedFirmClaimSchema,
  ConfirmFirmClaimSchema,
  DecidedFirmClaimSchema,
  FirmClaimCreatedSchema,
  FirmClaimPayloadSchema,
  OwnFirmClaimListSchema,
  RejectFirmClaimSchema,
  RemovedFirmRepresentativeSchema,
  RemoveFirmRepresentativeSchema,
} from '../../../domain/firm-claims';
import { FirmSlugParamsSchema } from '../../../domain/firms';
import { IdParamsSchema } from '../../../domain/ids';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byIp, byUser, HOUR, MINUTE, rateLimit } from '../../lib/rate-limit';
import { deriveSecret } from '../../lib/secrets';
import { decideFirmClaim, listAdminFirmClaims, removeFirmRepresentative } from './admin';
import { confirmFirmClaim, createFirmClaim, type FirmClaimDeps, listOwnFirmClaims } from './service';

const tags = ['firm-claims'];

export async function firmClaimsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const codeKey = deriveSecret(app.env, 'firm-claim-codes');
  const deps = (): FirmClaimDeps => ({
    db,
    changes: app.changes,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    codeKey,
    log: app.log,
  });

  app.post(
    '/api/firms/:slug/claims',
    {
      schema: {
        operationId: 'createFirmClaim',
        tags,
        summary: "Claim a firm's profile: a code is emailed to the work address",
        description: `The work address must be at the firm's website domain or a subdomain of it (400 names the domain). A ${CLAIM_CODE_TRIES}-try code valid ${CLAIM_CODE_MINUTES} minutes is emailed to it. 409 when the user already represents the firm or has a pending claim of it.`,
        params: FirmSlugParamsSchema,
        body: FirmClaimPayloadSchema,
        response: {
          201: FirmClaimCreatedSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          502: ErrorSchema,
        },
      },
      preHandler: rateLimit(app, [byUser('firm-claim', 5, HOUR), byIp('firm-claim', 20, HOUR)]),
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const claim = await createFirmClaim(deps(), sessionUser(request).id, request.params.slug, request.body);
      return reply.status(201).send(claim);
    },
  );

  app.post(
    '/api/firm-claims/:id/confirm',
    {
      schema: {
        operationId: 'confirmFirmClaim',
        tags,
        summary: "Confirm one's own claim with the emailed code; it then waits for an admin",
        description: `Each code entered takes one of ${CLAIM_CODE_TRIES} tries; a wrong one is 400 saying how many are left, a spent or expired code 409.`,
        params: IdParamsSchema,
        body: ConfirmFirmClaimSchema,
        response: { 200: ConfirmedFirmClaimSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
      preHandler: rateLimit(app, [byUser('firm-claim-confirm', 30, 10 * MINUTE)]),
      config: { access: 'verified' },
    },
    async (request) =>
      confirmFirmClaim(deps(), sessionUser(request).id, request.params.id, request.body.code),
  );

  app.get(
    '/api/profile/firm-claims',
    {
      schema: {
        operationId: 'listOwnFirmClaims',
        tags,
        summary: "The signed-in user's claims of firms and where each stands, newest first",
        response: { 200: OwnFirmClaimListSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listOwnFirmClaims(db, sessionUser(request).id),
  );

  // /api/admin/* is for admins only (lib/access.ts); the handlers read the admin for the record.
  app.get(
    '/api/admin/firm-claims',
    {
      schema: {
        operationId: 'listAdminFirmClaims',
        tags,
        summary: 'Confirmed claims waiting for a decision, and every current firm representative',
        response: { 200: AdminFirmClaimsSchema },
      },
    },
    async () => listAdminFirmClaims(db),
  );

  app.post(
    '/api/admin/firm-claims/:id/approve',
    {
      schema: {
        operationId: 'approveFirmClaim',
        tags,
        summary: 'Approve a confirmed claim: the claimant becomes a representative of the firm',
        params: IdParamsSchema,
        response: { 200: DecidedFirmClaimSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) =>
      decideFirmClaim(deps(), sessionUser(request), request.params.id, { action: 'approve' }),
  );

  app.post(
    '/api/admin/firm-claims/:id/reject',
    {
      schema: {
        operationId: 'rejectFirmClaim',
        tags,
        summary: 'Reject a confirmed claim with a reason the claimant is shown and emailed',
        params: IdParamsSchema,
        body: RejectFirmClaimSchema,
        response: { 200: DecidedFirmClaimSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) =>
      decideFirmClaim(deps(), sessionUser(request), request.params.id, {
        action: 'reject',
        reason: request.body.reason,
      }),
  );

  app.delete(
    '/api/admin/firm-representatives/:id',
    {
      schema: {
        operationId: 'removeFirmRepresentative',
        tags,
        summary: "Remove a firm's representative with a reason (kept, and emailed to them)",
        params: IdParamsSchema,
        body: RemoveFirmRepresentativeSchema,
        response: { 200: RemovedFirmRepresentativeSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) =>
      removeFirmRepresentative(deps(), sessionUser(request), request.params.id, request.body.reason),
  );
}
