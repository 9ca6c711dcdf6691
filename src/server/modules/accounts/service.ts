import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLE, type CurrentUser, hasAdminRole } from '../../../domain/accounts';
import { SESSION_COOKIE } from '../../../domain/render';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Env } from '../../env';
import type { SessionUser } from '../../lib/access';
import { listRepresentedFirms } from '../firm-claims/service';
import { type Auth, callAuth } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Better Auth instance, decorated by the accounts module. */
    auth: Auth;
  }
}

/** The admin plugin stores several roles comma-separated. */

/** Node's header object as Fetch Headers, for Better Auth's API. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

const lookups = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
const sessionCookies = new WeakMap<FastifyRequest, string[]>();

async function loadSessionUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  const { headers, response: session } = await callAuth(() =>
    app.auth.api.getSession({ headers: toFetchHeaders(request), returnHeaders: true }),
  );
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) sessionCookies.set(request, cookies);
  if (!session) return null;
  const u = session.user as typeof session.user & Record<string, unknown>;
  // Suspending ends the user's sessions; this refuses one that outlived it by a race.
  if (u.banned === true && (!u.banExpires || new Date(u.banExpires as Date | string) > new Date()))
    return null;
  const role = typeof u.role === 'string' ? u.role : 'user';
  return {
    id: u.id,
    email: u.email,
    emailVerified: Boolean(u.emailVerified),
    firstName: typeof u.firstName === 'string' ? u.firstName : null,
    username:
      typeof u.displayUsername === 'string' && u.displayUsername
        ? u.displayUsername
        : typeof u.username === 'string'
          ? u.username
          : null,
    role,
    points: typeof u.points === 'number' ? u.points : 0,
    isAdmin: hasAdminRole(role),
    twoFactorEnabled: u.twoFactorEnabled === true,
    signedInWithPasskey: (session.session as Record<string, unknown>).signedInWithPasskey === true,
  };
}

/**
 * The user of the request's session, or null. Looked up once per request, however many ask.
 * `app` is any Fastify instance of this server (a module's own encapsulated one is fine).
 */
function getSessionUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  if (request.routeOptions.config?.cacheTags) {
    // A programming error, caught by tests: such a route's answer is cached for every visitor.
    throw new Error(`${request.routeOptions.url} declares cacheTags, so it must not depend on the session`);
  }
  if (!request.headers.cookie?.includes(SESSION_COOKIE)) return Promise.resolve(null);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = loadSessionUser(app, request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/**
 * Decorates `app.findSessionUser`, the session lookup behind the access hook and the accessors of
 * lib/access.ts, the one way handlers read the user.
 */
export function decorateSessionLookup(app: FastifyInstance): void {
  app.decorate('findSessionUser', (request: FastifyRequest) => getSessionUser(app, request));
}

/**
 * The Set-Cookie headers the request's session lookup produced: Better Auth renews a session's
 * cookie when it extends the session (once a day), and clears the cookie of a session that has
 * expired or was ended elsewhere. The accounts module sends them with the request's answer.
 */
export const sessionCookiesOf = (request: FastifyRequest): string[] | undefined =>
  sessionCookies.get(request);

/** Whether the request's session was looked up: its answer then depends on who asks. */
export const hasReadSession = (request: FastifyRequest): boolean => lookups.has(request);

/** What `GET /api/auth/user` tells about the signed-in user, with the firms they represent. */
export async function toCurrentUser(db: Db, user: SessionUser): Promise<CurrentUser> {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    username: user.username,
    isAdmin: user.isAdmin,
    points: user.points,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    // Only when true, so the answer for everyone else stays as it was.
    ...(user.signedInWithPasskey ? { signedInWithPasskey: true } : {}),
    representativeOf: await listRepresentedFirms(db, user.id),
    isAuthenticated: true,
  };
}

/** Makes an existing account an admin; returns false when no account has that email. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: ADMIN_ROLE, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Creates the demo admin (env.ADMIN_EMAIL) when missing, with ADMIN_PASSWORD or a generated
 * password that is logged this one time. Passwords are hashed by Better Auth, not by us.
 */
export async function ensureDemoAdmin(
  auth: Auth,
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  log: FastifyBaseLogger,
): Promise<'created' | 'exists'> {
  const email = env.ADMIN_EMAIL.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return 'exists';
  const ctx = await auth.$context;
  const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: 'Admin',
      firstName: 'Admin',
      username: taken ? null : 'admin',
      displayUsername: taken ? null : 'admin',
      emailVerified: true,
      role: ADMIN_ROLE,
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  if (env.ADMIN_PASSWORD) {
    log.info({ email }, 'created the demo admin with ADMIN_PASSWORD');
  } else {
    log.warn(
      { email },
      `created the demo admin ${email} with the generated password: ${password} (shown once; change it in /profile)`,
    );
  }
  return 'created';
}
