import { z } from 'zod';
import {
  SavedSearchIdParamsSchema,
  SavedSearchInputSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
} from '../../../domain/saved-searches';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { sendNoticePage } from '../../lib/notice-page';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { ensureAlertBaseline } from './alert-states';
import type { CatalogStore } from './catalog';
import { savedSearchAlertsJob } from './jobs';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  unsubscribeSavedSearch,
  updateSavedSearch,
} from './saved-searches';

const tags = ['challenges'];
const TokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** Saved /challenges searches with their alert emails (decision 0054). */
export async function savedSearchRoutes(app: Http, store: CatalogStore): Promise<void> {
  const db = app.database.db;
  app.jobs.register(savedSearchAlertsJob(app, store, { shared: app.database.kind === 'postgres' }));
  const writeLimit = rateLimit(app, [byUser('saved-search', 30, MINUTE), byIp('saved-search', 60, MINUTE)]);

  app.get(
    '/api/saved-searches',
    {
      schema: {
        operationId: 'listSavedSearches',
        tags,
        summary:
          "The user's saved challenge searches, each with the options matching now and the lowest true cost",
        response: { 200: SavedSearchListSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listSavedSearches(db, store, sessionUser(request).id),
  );

  app.post(
    '/api/saved-searches',
    {
      schema: {
        operationId: 'createSavedSearch',
        tags,
        summary: 'Save the current /challenges view under a name (at most 20; a verified email is needed)',
        description:
          "`query` is the finder page's query string, validated as GET /api/challenges validates its parameters (`pass` and `months` are the page's names of passRate, in %, and monthsPerAttempt; `page` is dropped). An email is sent when an option newly matches or gets cheaper, at most one a day.",
        body: SavedSearchInputSchema,
        response: { 201: SavedSearchSchema, 409: ErrorSchema },
      },
      config: { access: 'verified' },
      preHandler: writeLimit,
    },
    async (request, reply) => {
      const saved = await createSavedSearch(db, store, sessionUser(request).id, request.body);
      // The alerts' starting point is the catalog with every change heard (decision 0055).
      await ensureAlertBaseline(db, store);
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/api/saved-searches/:id',
    {
      schema: {
        operationId: 'updateSavedSearch',
        tags,
        summary: 'Rename a saved search or change its query',
        params: SavedSearchIdParamsSchema,
        body: SavedSearchInputSchema,
        response: { 200: SavedSearchSchema, 404: ErrorSchema },
      },
      config: { access: 'user' },
      preHandler: writeLimit,
    },
    async (request) => {
      return updateSavedSearch(db, store, sessionUser(request).id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      schema: {
        operationId: 'deleteSavedSearch',
        tags,
        summary: 'Delete a saved search',
        params: SavedSearchIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), 404: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      await deleteSavedSearch(db, sessionUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  const linkLimit = rateLimit(app, [byIp('saved-search-link', 30, MINUTE)]);
  // Mail clients post 'List-Unsubscribe=One-Click' as a form; only the token in the URL matters.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  // GET is the link in the email; POST is RFC 8058 one-click unsubscribe from mail clients.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/saved-searches/unsubscribe',
      schema: { hide: true, querystring: TokenQuerySchema },
      preHandler: linkLimit,
      handler: async (request, reply) => {
        const name = await unsubscribeSavedSearch(db, request.query.token);
        return name === null
          ? sendNoticePage(reply, 400, {
              title: 'Link not valid',
              text: 'This unsubscribe link is not valid.',
            })
          : sendNoticePage(reply, 200, {
              title: 'You are unsubscribed',
              text: `You will not receive any more emails about your saved search "${name}". The search stays on your profile.`,
              links: [{ href: '/profile', label: 'Your saved searches' }],
            });
      },
    });
  }
}
