import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './app-error';

/**
 * Who may call a route, written once in its definition (`config: { access: 'user' }`):
 * - `public`: anyone (the default outside /api/admin);
 * - `user`: a signed-in user, else 401;
 * - `verified`: a signed-in user with a verified email, else 401 / 403;
 * - `admin`: an admin, else 401 / 403 (every /api/admin path, unknown ones included).
 * One hook (`enforceRouteAccess`) holds each request to it before the body is read, so a caller
 * without the right gets 401 or 403 and learns nothing of the route's input; handlers read the user
 * it loaded with `sessionUser`. The authorisation matrix (tests/reliability/access.test.ts) calls
 * every route as every kind of caller and holds each route to its declaration.
 */
export const ACCESS_LEVELS = ['public', 'user', 'verified', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** The signed-in user of a request, as the accounts module reads it from the session. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  username: string | null;
  role: string;
  points: number;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  /** The session began with a passkey sign-in, which counts as two factors. */
  signedInWithPasskey: boolean;
}

/** The code of the 403 an admin without two-factor sign-in gets when REQUIRE_STAFF_2FA is on. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

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

/**
 * The access of the request's route. Any /api/admin path is admin, also when no route of the API
 * matches it (the 404 handler, the page catch-all): unknown admin paths tell others nothing.
 */
const accessOf = (request: FastifyRequest): Access =>
  isAdminUrl(request.url.split('?')[0]) ? 'admin' : (request.routeOptions.config?.access ?? 'public');

/** The user each non-public request was let in as, for `sessionUser`. */
const admitted = new WeakMap<FastifyRequest, SessionUser>();

/**
 * The one check of every route's access, on every request, before its body is read: 401 without a
 * session, 403 'Email verification required' or 'Admin access required'. Registered by the accounts
 * module, whose `findSessionUser` it asks.
 */
export function enforceRouteAccess(app: FastifyInstance): void {
  // Callback style, not async: public requests, most of them, pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = accessOf(request);
    if (access === 'public') return done();
    app.findSessionUser(request).then((user) => {
      if (!user) return done(new AppError(401, 'unauthorized', 'Authentication required'));
      if (access === 'verified' && !user.emailVerified)
        return done(new AppError(403, 'email_not_verified', 'Email verification required'));
      if (access === 'admin' && !user.isAdmin)
        return done(new AppError(403, 'forbidden', 'Admin access required'));
      if (
        access === 'admin' &&
        app.env.REQUIRE_STAFF_2FA &&
        !user.twoFactorEnabled &&
        !user.signedInWithPasskey
      )
        return done(
          new AppError(
            403,
            TWO_FACTOR_REQUIRED,
            'Turn on two-factor sign-in on your profile to use admin tools.',
          ),
        );
      admitted.set(request, user);
      done();
    }, done);
  });
}

/** The signed-in user of a route that is not public: the one the access hook let in. */
export function sessionUser(request: FastifyRequest): SessionUser {
  const user = admitted.get(request);
  // A programming error, caught by tests: the hook lets no request without a user reach such a route.
  if (!user)
    throw new Error(`${request.routeOptions.url} is public: read its visitor with optionalSessionUser`);
  return user;
}

/** The visitor of a public route that shows more to a signed-in user: the user, or null. */
export function optionalSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const access = accessOf(request);
  // A programming error, caught by tests: such a route has its user for certain.
  if (access !== 'public')
    throw new Error(
      `${request.routeOptions.url} declares access '${access}': read its user with sessionUser`,
    );
  return request.server.findSessionUser(request);
}
