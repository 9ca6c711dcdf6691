import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route, written once in its definition (`config: { access: 'user' }`):
 * - `public`: anyone (the default outside /api/admin);
 * - `user`: a signed-in user, else 401;
 * - `verified`: a signed-in user with a verified email, else 401 / 403;
 * - `admin`: an admin, else 401 / 403 (every /api/admin path, by the admin module's guard).
 * The check runs before the body is validated, so a caller without the right gets 401 or 403 and
 * learns nothing of the route's input. The authorisation matrix (tests/reliability/access.test.ts)
 * calls every route as every kind of caller and holds each route to its declaration.
 */
export const ACCESS_LEVELS = ['public', 'user', 'verified', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

const isAdminUrl = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');

/**
 * Fills in each route's access as it is registered (`admin` under /api/admin, `public` when not
 * declared) and records the routes, for the authorisation matrix. A route under /api/admin that
 * declares anything but `admin` is a mistake and stops the server from starting.
 */
export function collectRouteAccess(app: FastifyInstance): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: Access };
    const access = config.access ?? (isAdminUrl(route.url) ? 'admin' : 'public');
    if (isAdminUrl(route.url) && access !== 'admin') {
      throw new Error(`${route.url} is under /api/admin but declares access '${access}'`);
    }
    route.config = { ...config, access };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
  return routes;
}
