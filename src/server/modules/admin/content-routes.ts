import { z } from 'zod';
import {
  AdminCouponPageSchema,
  AdminCouponSchema,
  ContentListQuerySchema,
  CouponInputSchema,
  CouponUpdateSchema,
  FirmChoiceListSchema,
  UploadedImageSchema,
} from '../../../domain/admin-content';
import { VersionQuerySchema } from '../../../domain/admin-firms';
import { IdParamsSchema } from '../../../domain/ids';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { UPLOAD_ERRORS } from '../../lib/openapi';
import { receiveImage } from '../../lib/uploads';
import {
  createCoupon,
  deleteCoupon,
  getAdminCoupon,
  listAdminCoupons,
  listFirmChoices,
  updateCoupon,
} from './coupons';

const tags = ['admin'];

/** Coupons (and, as they land, posts and quick updates) for the admin. */
export async function adminContentRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.post(
    '/api/admin/uploads',
    {
      schema: {
        operationId: 'uploadImage',
        tags,
        summary: 'Upload an image (logo, featured image, coupon image): multipart, one file, at most 5 MB',
        description:
          'Checked by content (no SVG), re-encoded to WebP without metadata, with sized variants. 400 without a file, 413 over 5 MB, 415 for anything else. Answers the public URL to store in the image field.',
        response: { 201: UploadedImageSchema, ...UPLOAD_ERRORS },
      },
    },
    async (request, reply) => {
      const image = await receiveImage(request, { visibility: 'public' });
      return reply.status(201).send({
        url: image.url!,
        width: image.width,
        height: image.height,
        variants: image.variants.map((v) => ({ url: v.url!, width: v.width, height: v.height })),
      });
    },
  );

  app.get(
    '/api/admin/firm-choices',
    {
      schema: {
        operationId: 'listFirmChoices',
        tags,
        summary: 'Every firm by name, to attach content to',
        response: { 200: FirmChoiceListSchema },
      },
    },
    () => listFirmChoices(db),
  );

  app.get(
    '/api/admin/coupons',
    {
      schema: {
        operationId: 'listAdminCoupons',
        tags,
        summary:
          'Every coupon (expired and inactive ones too), newest first, 20 a page; search by code, title or firm',
        querystring: ContentListQuerySchema,
        response: { 200: AdminCouponPageSchema },
      },
    },
    (request) => listAdminCoupons(db, request.query),
  );
  app.get(
    '/api/admin/coupons/:id',
    {
      schema: {
        operationId: 'getAdminCoupon',
        summary: 'One coupon with every editable field and its version',
        tags,
        params: IdParamsSchema,
        response: { 404: ErrorSchema, 200: AdminCouponSchema },
      },
    },
    (request) => getAdminCoupon(db, request.params.id),
  );
  app.post(
    '/api/admin/coupons',
    {
      schema: {
        operationId: 'createCoupon',
        tags,
        summary: 'Create a coupon',
        body: CouponInputSchema,
        response: { 409: ErrorSchema, 201: AdminCouponSchema },
      },
    },
    async (request, reply) => {
      const created = await createCoupon(db, app.changes, sessionUser(request), request.body);
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/api/admin/coupons/:id',
    {
      schema: {
        operationId: 'updateCoupon',
        tags,
        summary: 'Save a coupon over the version it was edited from (409 when it has changed since)',
        params: IdParamsSchema,
        body: CouponUpdateSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema, 200: AdminCouponSchema },
      },
    },
    async (request) => {
      return updateCoupon(
        db,
        app.changes,
        sessionUser(request),
        request.params.id,
        request.body.version,
        request.body.coupon,
      );
    },
  );
  app.delete(
    '/api/admin/coupons/:id',
    {
      schema: {
        operationId: 'deleteCoupon',
        response: { 204: z.null(), 404: ErrorSchema, 409: ErrorSchema },
        summary: 'Delete a coupon (409 when it has changed since it was loaded)',
        tags,
        params: IdParamsSchema,
        querystring: VersionQuerySchema,
      },
    },
    async (request, reply) => {
      await deleteCoupon(db, app.changes, sessionUser(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
}
