import { execSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { buildApp } from '../../app';
import { sessions } from '../../db/schema';
import { optionalSessionUser, sessionUser } from '../../lib/access';

// Pages render from the production build; build it when missing or stale (shared lock: one build at a time).
// NODE_ENV is 'test' under vitest, which would make Vite emit a development build.
execSync('flock /tmp/pfc-build.lock node scripts/ensure-build.mjs', {
  stdio: 'ignore',
  timeout: 600_000,
  env: { ...process.env, NODE_ENV: 'production' },
});

let ctx: TestContext;
const who: Record<'unverified' | 'verified' | 'admin', TestUser> = {} as never;

beforeAll(async () => {
  ctx = await createTestApp({}, { pages: 'production' });
  who.unverified = await signUpUser(ctx, { prefix: 'unv' });
  who.verified = await signUpUser(ctx, { prefix: 'ver', verified: true });
  who.admin = await signUpUser(ctx, { prefix: 'adm', verified: true, admin: true });
}, 600_000);
afterAll(() => ctx.close());

const cookieFor = (role: keyof typeof who | 'anonymous') =>
  role === 'anonymous' ? undefined : who[role].cookie;
const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const USER_PAGES = ['/profile', '/cashback-claims', '/offerwall', '/adscend-offerwall'];
const ADMIN_PAGES = ['/admin', '/admin/firm-analytics', '/admin/analytics'];

describe('signed-in pages', () => {
  it('redirect anonymous visitors to /auth with next, from the server', async () => {
    for (const path of [...USER_PAGES, ...ADMIN_PAGES]) {
      const res = await get(`${path}?tab=1`);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(`/auth?next=${encodeURIComponent(`${path}?tab=1`)}`);
    }
  });

  it('serve user pages to every signed-in user', async () => {
    for (const role of ['unverified', 'verified', 'admin'] as const) {
      for (const path of USER_PAGES) {
        const res = await get(path, cookieFor(role));
        expect(res.statusCode, `${role} ${path}`).toBe(200);
        expect(res.body).not.toContain('Access Denied');
      }
    }
  });

  it('show Access Denied with 403 to non-admins on admin pages, and the page to admins', async () => {
    for (const path of ADMIN_PAGES) {
      for (const role of ['unverified', 'verified'] as const) {
        const res = await get(path, cookieFor(role));
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.body).toContain('Access Denied');
      }
      const admin = await get(path, cookieFor('admin'));
      expect(admin.statusCode, `admin ${path}`).toBe(200);
      expect(admin.body).not.toContain('Access Denied');
    }
  });

  it('render the profile with the signed-in user and never cache it for others', async () => {
    const res = await get('/profile', cookieFor('verified'));
    expect(res.body).toContain(who.verified.email);
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const anonymousHome = await get('/');
    expect(anonymousHome.statusCode).toBe(200);
    await get('/'); // stored on its second request (decision 0040)
    const again = await get('/');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['cache-control']).toBe('no-cache');
    const signedIn = await get('/', cookieFor('verified'));
    expect(signedIn.headers['x-cache']).toBeUndefined();
  });

  it('clear the cookie of a session that has ended, so later pages come from the cache', async () => {
    const gone = await signUpUser(ctx, { prefix: 'gone' });
    await ctx.db.delete(sessions).where(eq(sessions.userId, gone.id));
    const res = await get('/firms', gone.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Log In');
    expect(String(res.headers['set-cookie'])).toMatch(/pfc\.session_token=;.*Max-Age=0/);
    // A live session is left alone.
    expect((await get('/firms', cookieFor('verified'))).headers['set-cookie']).toBeUndefined();
  });

  it('shows the /auth page with log-in and sign-up tabs', async () => {
    const res = await get('/auth?mode=signup');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Create Account');
    expect(res.body).toContain('Log In');
  });
});

describe('the admin API', () => {
  const paths = ['/api/admin/overview', '/api/admin', '/api/admin/does-not-exist'];

  it('answers 401 signed out and 403 for non-admins on every path, known or not', async () => {
    for (const path of paths) {
      expect((await get(path)).statusCode, path).toBe(401);
      for (const role of ['unverified', 'verified'] as const) {
        const res = await get(path, cookieFor(role));
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      const post = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { origin: TEST_ORIGIN, cookie: who.verified.cookie },
        payload: {},
      });
      expect(post.statusCode, `POST ${path}`).toBe(403);
    }
  });

  it('gives admins real counts', async () => {
    const res = await get('/api/admin/overview', cookieFor('admin'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toBeGreaterThanOrEqual(3);
    expect(body.admins).toBeGreaterThanOrEqual(1);
    expect(body.verifiedUsers).toBeGreaterThanOrEqual(2);
    expect(body.activeSessions).toBeGreaterThanOrEqual(3);
    expect((await get('/api/admin/does-not-exist', cookieFor('admin'))).statusCode).toBe(404);
  });
});

describe('the session contract for other modules', () => {
  it('shares cached public answers with everyone and refuses the session to cached routes', async () => {
    const app = await buildApp({
      env: ctx.env,
      database: ctx.database,
      pages: 'none',
      logger: false,
      redisPrefix: `pfc-test-${crypto.randomUUID()}`,
    });
    let served = 0;
    app.get('/api/test/public', { config: { cacheTags: ['test'] } }, async () => ({ served: ++served }));
    app.get('/api/test/whoami', { config: { cacheTags: ['test'] } }, async (request) => ({
      user: (await optionalSessionUser(request))?.email ?? null,
    }));
    app.get('/api/test/verified-only', { config: { access: 'verified' } }, async (request) => ({
      id: sessionUser(request).id,
    }));
    // Reading the user the wrong way for the route's access is a programming error, not a 401.
    app.get('/api/test/public-reads-user', async (request) => ({ id: sessionUser(request).id }));
    app.get('/api/test/user-reads-visitor', { config: { access: 'user' } }, async (request) => ({
      id: (await optionalSessionUser(request))?.id ?? null,
    }));
    await app.ready();
    try {
      expect((await app.inject('/api/test/public')).json()).toEqual({ served: 1 });
      // Stored from its second request (decision 0040).
      expect((await app.inject('/api/test/public')).json()).toEqual({ served: 2 });
      const signedIn = await app.inject({
        url: '/api/test/public',
        headers: { cookie: who.verified.cookie },
      });
      expect(signedIn.headers['x-cache']).toBe('hit');
      expect(signedIn.json()).toEqual({ served: 2 });
      // A cached route that read the session would hand one visitor's answer to everyone.
      const whoami = await app.inject({ url: '/api/test/whoami', headers: { cookie: who.verified.cookie } });
      expect(whoami.statusCode).toBe(500);
      expect(JSON.stringify(whoami.json())).not.toContain(who.verified.email);

      expect((await app.inject('/api/test/verified-only')).statusCode).toBe(401);
      const unverified = await app.inject({
        url: '/api/test/verified-only',
        headers: { cookie: who.unverified.cookie },
      });
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().message).toContain('verification');
      const verified = await app.inject({
        url: '/api/test/verified-only',
        headers: { cookie: who.verified.cookie },
      });
      expect(verified.json()).toEqual({ id: who.verified.id });

      for (const url of ['/api/test/public-reads-user', '/api/test/user-reads-visitor']) {
        const res = await app.inject({ url, headers: { cookie: who.verified.cookie } });
        expect(res.statusCode, url).toBe(500);
      }
    } finally {
      await app.close();
    }
  });
});
