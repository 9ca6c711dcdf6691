import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AdminOverviewSchema, AuditPageSchema, AuditQuerySchema } from '../../../domain/admin';
import type { Http } from '../../lib/http';
import { requireAdmin } from '../accounts/service';
import { adminContentRoutes } from './content-routes';
import { adminFirmRoutes } from './firm-routes';
import { adminPostRoutes } from './post-routes';
import { type Actor, getAdminOverview, listAuditEntries } from './service';

const isAdminPath = (url: string) => {
  const path = url.split('?')[0];
  return path === '/api/admin' || path.startsWith('/api/admin/');
};

/**
 * The admin API. One guard covers every /api/admin path, unknown ones included, so no admin route
 * can forget it: 401 signed out, 403 for anyone who is not an admin. Registered without
 * encapsulation so the hook also runs for paths no route matches (the 404 handler).
 */
export const adminRoutes = fp(
  async (app: Http) => {
    app.addHook('onRequest', async (request) => {
      if (isAdminPath(request.url)) await requireAdmin(app, request);
    });

    /** The admin making the request; the guard has already checked the role. */
    const actorOf = async (request: FastifyRequest): Promise<Actor> => {
      const user = await requireAdmin(app, request);
      return { id: user.id, email: user.email };
    };
    const db = app.database.db;
    const tags = ['admin'];

    app.get(
      '/api/admin/overview',
      {
        schema: {
          tags,
          summary: 'Counts of what the site holds and the queues waiting for an admin',
          response: { 200: AdminOverviewSchema },
        },
      },
      () => getAdminOverview(db),
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          summary: 'The audit log of admin writes, newest first, 25 a page, optionally for one entity',
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema },
        },
      },
      (request) => listAuditEntries(db, request.query),
    );

    await app.register(adminFirmRoutes, { actorOf });
    await app.register(adminContentRoutes, { actorOf });
    await app.register(adminPostRoutes, { actorOf });
  },
  { name: 'admin', dependencies: ['accounts'] },
);
