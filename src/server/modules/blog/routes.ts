import { z } from 'zod';
import {
  BlogPostSchema,
  BlogPostSummarySchema,
  BlogSlugParamsSchema,
  PublishedQuerySchema,
  QuickUpdateSchema,
} from '../../../domain/blog';
import { ErrorSchema, type Http } from '../../lib/http';
import { publishDuePostsJob } from './jobs';
import { buildBlogFeed, getPublishedPost, listPublishedPosts, listPublishedQuickUpdates } from './service';

export async function blogRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  app.jobs.register(publishDuePostsJob(app.changes));

  // `published=false` is accepted but visitors only ever see published content.
  app.get(
    '/api/blog',
    {
      schema: {
        operationId: 'listPosts',
        tags: ['blog'],
        summary: 'Published posts, newest first',
        querystring: PublishedQuerySchema,
        response: { 200: z.array(BlogPostSummarySchema) },
      },
      config: { cacheTags: ['blog'] },
    },
    async () => listPublishedPosts(db),
  );

  app.get(
    '/api/blog/:slug',
    {
      schema: {
        operationId: 'getPost',
        tags: ['blog'],
        summary: 'One published post with sanitised HTML and its featured firms',
        params: BlogSlugParamsSchema,
        response: { 404: ErrorSchema, 200: BlogPostSchema },
      },
      config: { cacheTags: ['blog', 'firms'] },
    },
    async (request) => getPublishedPost(db, request.params.slug),
  );

  app.get(
    '/api/quick-updates',
    {
      schema: {
        operationId: 'listQuickUpdates',
        tags: ['blog'],
        summary: 'Published quick updates, newest first',
        querystring: PublishedQuerySchema,
        response: { 200: z.array(QuickUpdateSchema) },
      },
      config: { cacheTags: ['blog'] },
    },
    async () => listPublishedQuickUpdates(db),
  );

  app.get(
    '/blog/rss.xml',
    { schema: { hide: true }, config: { cacheTags: ['blog'] } },
    async (_request, reply) =>
      reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await buildBlogFeed(db, app.env.PUBLIC_URL.replace(/\/$/, ''))),
  );
}
