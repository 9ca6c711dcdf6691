import { z } from 'zod';
import { ContentListQuerySchema } from '../../../domain/admin-content';
import { VersionQuerySchema } from '../../../domain/admin-firms';
import {
  AdminPostPageSchema,
  AdminPostSchema,
  AdminQuickUpdatePageSchema,
  AdminQuickUpdateSchema,
  PostInputSchema,
  PostListQuerySchema,
  PostUpdateSchema,
  QuickUpdateInputSchema,
  QuickUpdateUpdateSchema,
} from '../../../domain/admin-posts';
import { BlogPostSchema } from '../../../domain/blog';
import { IdParamsSchema, rowIdParam } from '../../../domain/ids';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { createPost, deletePost, getAdminPost, listAdminPosts, previewPost, updatePost } from './posts';
import {
  createQuickUpdate,
  deleteQuickUpdate,
  getAdminQuickUpdate,
  listAdminQuickUpdates,
  updateQuickUpdate,
} from './quick-updates';

const tags = ['admin'];
const PreviewQuerySchema = z.object({ id: rowIdParam({ error: 'id must be a number' }).optional() });

/** Blog posts (drafts, scheduled, template mode, preview) and quick updates for the admin. */
export async function adminPostRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/api/admin/posts',
    {
      schema: {
        operationId: 'listAdminPosts',
        tags,
        summary:
          'Every post (drafts and scheduled ones too), 20 a page: search by title, slug or tag, filter by status, sort by date, title or last edit',
        querystring: PostListQuerySchema,
        response: { 200: AdminPostPageSchema },
      },
    },
    (request) => listAdminPosts(db, request.query),
  );
  app.post(
    '/api/admin/posts/preview',
    {
      schema: {
        operationId: 'previewPost',
        tags,
        summary: 'A post as its public page would show it, from unsaved editor values; nothing is stored',
        description:
          'Sanitized like a saved post, read time computed when blank, template firms resolved. `id` names the saved post being edited (its slug and dates).',
        querystring: PreviewQuerySchema,
        body: PostInputSchema,
        response: { 200: BlogPostSchema },
      },
    },
    (request) => previewPost(db, request.body, request.query.id),
  );
  app.get(
    '/api/admin/posts/:id',
    {
      schema: {
        operationId: 'getAdminPost',
        summary: 'One post with every editable field and its version',
        tags,
        params: IdParamsSchema,
        response: { 404: ErrorSchema, 200: AdminPostSchema },
      },
    },
    (request) => getAdminPost(db, request.params.id),
  );
  app.post(
    '/api/admin/posts',
    {
      schema: {
        operationId: 'createPost',
        tags,
        summary: 'Create a post (a draft unless published; a future publish date schedules it)',
        description:
          'HTML is sanitized; a blank slug is made from the title; a chosen slug in use is a 409 (slug_taken); a blank read time is computed from the text.',
        body: PostInputSchema,
        response: { 409: ErrorSchema, 201: AdminPostSchema },
      },
    },
    async (request, reply) => {
      const created = await createPost(db, app.changes, sessionUser(request), request.body);
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/api/admin/posts/:id',
    {
      schema: {
        operationId: 'updatePost',
        tags,
        summary: 'Save a post over the version it was edited from (409 when it has changed since)',
        params: IdParamsSchema,
        body: PostUpdateSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema, 200: AdminPostSchema },
      },
    },
    async (request) => {
      return updatePost(
        db,
        app.changes,
        sessionUser(request),
        request.params.id,
        request.body.version,
        request.body.post,
      );
    },
  );
  app.delete(
    '/api/admin/posts/:id',
    {
      schema: {
        operationId: 'deletePost',
        response: { 204: z.null(), 404: ErrorSchema, 409: ErrorSchema },
        summary: 'Delete a post (409 when it has changed since it was loaded)',
        tags,
        params: IdParamsSchema,
        querystring: VersionQuerySchema,
      },
    },
    async (request, reply) => {
      await deletePost(db, app.changes, sessionUser(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/quick-updates',
    {
      schema: {
        operationId: 'listAdminQuickUpdates',
        tags,
        summary: 'Every quick update, hidden ones too, newest first, 20 a page; search by title or text',
        querystring: ContentListQuerySchema,
        response: { 200: AdminQuickUpdatePageSchema },
      },
    },
    (request) => listAdminQuickUpdates(db, request.query),
  );
  app.get(
    '/api/admin/quick-updates/:id',
    {
      schema: {
        operationId: 'getAdminQuickUpdate',
        summary: 'One quick update with its version',
        tags,
        params: IdParamsSchema,
        response: { 404: ErrorSchema, 200: AdminQuickUpdateSchema },
      },
    },
    (request) => getAdminQuickUpdate(db, request.params.id),
  );
  app.post(
    '/api/admin/quick-updates',
    {
      schema: {
        operationId: 'createQuickUpdate',
        tags,
        summary: 'Create a quick update (plain text)',
        body: QuickUpdateInputSchema,
        response: { 201: AdminQuickUpdateSchema },
      },
    },
    async (request, reply) => {
      const created = await createQuickUpdate(db, app.changes, sessionUser(request), request.body);
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/api/admin/quick-updates/:id',
    {
      schema: {
        operationId: 'updateQuickUpdate',
        tags,
        summary: 'Save a quick update over the version it was edited from (409 when it has changed since)',
        params: IdParamsSchema,
        body: QuickUpdateUpdateSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema, 200: AdminQuickUpdateSchema },
      },
    },
    async (request) => {
      return updateQuickUpdate(
        db,
        app.changes,
        sessionUser(request),
        request.params.id,
        request.body.version,
        request.body.update,
      );
    },
  );
  app.delete(
    '/api/admin/quick-updates/:id',
    {
      schema: {
        operationId: 'deleteQuickUpdate',
        response: { 204: z.null(), 404: ErrorSchema, 409: ErrorSchema },
        summary: 'Delete a quick update (409 when it has changed since it was loaded)',
        tags,
        params: IdParamsSchema,
        querystring: VersionQuerySchema,
      },
    },
    async (request, reply) => {
      await deleteQuickUpdate(
        db,
        app.changes,
        sessionUser(request),
        request.params.id,
        request.query.version,
      );
      return reply.status(204).send(null);
    },
  );
}
