import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, latestLinkTo, mailsTo, nextIp, signUpUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { activityLogs, propFirms, reviews, sessions, users } from '../../db/schema';
import { ensureDemoAdmin, grantAdmin } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), ...headers },
    payload: payload as object,
  });

const getUser = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('sign-up', () => {
  it('creates an unverified, signed-in account, sends exactly one email and logs user_signup', async () => {
    const email = `new-${Date.now()}@example.com`;
    const res = await post('/api/auth/sign-up/email', {
      email,
      password: 'a sturdy password',
      firstName: 'Ada',
      username: 'Ada_L-1',
    });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = setCookie.find((c) => c.startsWith('pfc.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);

    const me = await getUser(cookieOf(res.headers['set-cookie']));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Ada',
      username: 'Ada_L-1',
      isAdmin: false,
      points: 0,
      emailVerified: false,
      twoFactorEnabled: false,
      representativeOf: [],
      isAuthenticated: true,
    });

    const mails = await mailsTo(ctx, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Verify');
    expect(mails[0].text).toContain('/api/auth/verify-email?token=');
    expect(mails[0].html).toContain('/api/auth/verify-email?token=');

    const logs = await ctx.db.select().from(activityLogs).where(eq(activityLogs.userId, me.json().id));
    expect(logs.map((l) => l.activityType)).toEqual(['user_signup']);
  });

  it('names the problem of bad fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nope', password: 'long enough pw', firstName: 'A', username: 'abc' }, 'email'],
      [{ email: 'a@b.co', password: 'short', firstName: 'A', username: 'abc' }, 'at least 8'],
      [{ email: 'a@b.co', password: 'x'.repeat(129), firstName: 'A', username: 'abc' }, 'at most 128'],
      [{ email: 'a@b.co', password: 'long enough pw', firstName: 'A', username: 'ab' }, 'at least 3'],
      [
        { email: 'a@b.co', password: 'long enough pw', firstName: 'A', username: 'a'.repeat(31) },
        'at most 30',
      ],
      [
        { email: 'a@b.co', password: 'long enough pw', firstName: 'A', username: 'bad name!' },
        'letters, digits',
      ],
      [{ email: 'a@b.co', password: 'long enough pw', firstName: '', username: 'abc' }, 'first name'],
    ];
    for (const [payload, expected] of cases) {
      const res = await post('/api/auth/sign-up/email', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(expected);
    }
  });

  it('refuses a taken username and a taken email with a clear message', async () => {
    const first = await signUpUser(ctx);
    const sameName = await post('/api/auth/sign-up/email', {
      email: `other-${Date.now()}@example.com`,
      password: 'a sturdy password',
      firstName: 'B',
      username: first.username.toUpperCase(),
    });
    expect(sameName.statusCode).toBeGreaterThanOrEqual(400);
    expect(sameName.statusCode).toBeLessThan(500);
    expect(sameName.json().message).toBe('That username is already taken. Please choose another one.');

    const sameEmail = await post('/api/auth/sign-up/email', {
      email: first.email,
      password: 'a sturdy password',
      firstName: 'B',
      username: `fresh${Date.now()}`,
    });
    expect(sameEmail.statusCode).toBeGreaterThanOrEqual(400);
    expect(sameEmail.statusCode).toBeLessThan(500);
    expect(sameEmail.json().message).toContain('already exists');
  });

  it('refuses a cross-origin sign-up', async () => {
    const res = await post(
      '/api/auth/sign-up/email',
      { email: 'x@example.com', password: 'a sturdy password', firstName: 'X', username: 'xxx' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('email verification', () => {
  it('verifies through the emailed link, landing on /?verified=true', async () => {
    const user = await signUpUser(ctx);
    const link = await latestLinkTo(ctx, user.email);
    const res = await ctx.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?verified=true');
    const me = await getUser(user.cookie);
    expect(me.json().emailVerified).toBe(true);

    // A reused link changes nothing and signs nobody in.
    const again = await ctx.app.inject({ method: 'GET', url: link });
    expect(again.headers.location).toBe('/?verified=true');
    expect(cookieOf(again.headers['set-cookie'])).toBe('');
  });

  it('sends tampered, missing and expired tokens to the matching failure page', async () => {
    const user = await signUpUser(ctx);
    const link = await latestLinkTo(ctx, user.email);
    const tampered = await ctx.app.inject({ method: 'GET', url: `${link.slice(0, -3)}abc` });
    expect(tampered.headers.location).toBe('/?verification=invalid');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify-email' });
    expect(missing.headers.location).toBe('/?verification=invalid');

    const { signJWT } = await import('better-auth/crypto');
    const expired = await signJWT({ email: user.email, userId: user.id }, ctx.env.AUTH_SECRET as string, -10);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${expired}` });
    expect(res.headers.location).toBe('/?verification=expired');
    const me = await getUser(user.cookie);
    expect(me.json().emailVerified).toBe(false);
  });

  it('lets a signed-in unverified user resend, rate limited per account', async () => {
    const user = await signUpUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/auth/send-verification-email', {}, { cookie: user.cookie });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailsTo(ctx, user.email)).toHaveLength(4);
  });

  it('refuses resend when signed out or already verified', async () => {
    expect((await post('/api/auth/send-verification-email', {})).statusCode).toBe(401);
    const verified = await signUpUser(ctx, { verified: true });
    const res = await post('/api/auth/send-verification-email', {}, { cookie: verified.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your email is already verified.');
  });
});

describe('log-in and log-out', () => {
  it('lets an unverified user log in, renews the session and logs user_login', async () => {
    const user = await signUpUser(ctx);
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res.headers['set-cookie']);
    expect(cookie).toContain('pfc.session_token=');
    expect(cookie).not.toBe(user.cookie);
    expect((await getUser(cookie)).json().emailVerified).toBe(false);
    const logs = await ctx.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(logs.map((l) => l.activityType).sort()).toEqual(['user_login', 'user_signup']);
  });

  it('gives the same message for a wrong password and an unknown email', async () => {
    const user = await signUpUser(ctx);
    const wrong = await post('/api/auth/sign-in/email', { email: user.email, password: 'not the password' });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'whatever123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json().message).toContain("don't match");
  });

  it('limits log-in attempts per account across addresses and per address', { timeout: 90_000 }, async () => {
    const user = await signUpUser(ctx);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await post('/api/auth/sign-in/email', { email: user.email, password: 'wrong password' }))
        .statusCode;
    }
    expect(last).toBe(429);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: `someone${i}@example.com`, password: 'wrong password' },
        { 'x-forwarded-for': ip },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('ends the session at log-out', async () => {
    const user = await signUpUser(ctx);
    expect((await getUser(user.cookie)).statusCode).toBe(200);
    const res = await post('/api/auth/logout', undefined, { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('pfc.session_token=;');
    expect((await getUser(user.cookie)).statusCode).toBe(401);
  });

  it('extends a day-old session, cookie included, when it is next read', async () => {
    const user = await signUpUser(ctx);
    const DAY = 24 * 60 * 60 * 1000;
    // Signed in 25 hours ago: Better Auth extends a session once it is a day old.
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 30 * DAY - 25 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await getUser(user.cookie);
    expect(res.statusCode).toBe(200);
    const renewed = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('pfc.session_token='));
    expect(renewed).toMatch(/Max-Age=2592000/);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    // A fresh session is not rewritten on every read.
    expect((await getUser(user.cookie)).headers['set-cookie']).toBeUndefined();
  });

  it('keeps answers about a session out of shared caches', async () => {
    const user = await signUpUser(ctx);
    expect((await getUser(user.cookie)).headers['cache-control']).toBe('private, no-cache');
    expect((await getUser()).headers['cache-control']).toBeUndefined();
  });

  it('clears the cookie of a session that has ended elsewhere', async () => {
    const user = await signUpUser(ctx);
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    const res = await getUser(user.cookie);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/pfc\.session_token=;.*Max-Age=0/);
  });

  it('answers 401 for anonymous session calls and redirects /api/login to /auth', async () => {
    const res = await getUser();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthorized' });
    const login = await ctx.app.inject('/api/login');
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/auth');
    const withNext = await ctx.app.inject('/api/login?next=%2F%2Fevil.example');
    expect(withNext.headers.location).toBe('/auth');
  });
});

describe('password reset and change', () => {
  it('resets through the emailed link once, ending every old session', async () => {
    const user = await signUpUser(ctx);
    const req = await post('/api/auth/request-password-reset', { email: user.email });
    expect(req.statusCode).toBe(200);
    const link = new URL(await latestLinkTo(ctx, user.email), TEST_ORIGIN);
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('mode')).toBe('reset');
    const token = link.searchParams.get('token') as string;

    const res = await post('/api/auth/reset-password', { token, newPassword: 'a brand new password' });
    expect(res.statusCode).toBe(200);
    expect((await getUser(user.cookie)).statusCode).toBe(401);
    const reused = await post('/api/auth/reset-password', { token, newPassword: 'another new password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toContain('invalid or has already been used');

    const old = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'a brand new password',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await post('/api/auth/request-password-reset', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(ctx, 'ghost@example.com')).toHaveLength(0);
  });

  it('limits reset requests per account', async () => {
    const user = await signUpUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('/api/auth/request-password-reset', { email: user.email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const user = await signUpUser(ctx);
    const other = cookieOf(
      (await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).headers[
        'set-cookie'
      ],
    );
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not it at all', newPassword: 'the next password' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is incorrect.');
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'the next password' },
      { cookie: user.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect((await getUser(other)).statusCode).toBe(401);
    const renewed = cookieOf(res.headers['set-cookie']);
    expect((await getUser(renewed || user.cookie)).statusCode).toBe(200);
  });
});

describe('delete account', () => {
  // The whole of decision 0070 is tested in deletion.test.ts.
  it('needs the password, then leaves a nameless row and no sessions', async () => {
    const user = await signUpUser(ctx);
    const wrong = await post(
      '/api/auth/delete-user',
      { password: 'nope nope nope' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const res = await post('/api/auth/delete-user', { password: user.password }, { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Former member', username: null, firstName: null });
    expect(row.email).toMatch(/@deleted\.invalid$/);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("removes the account's reviews", async () => {
    const user = await signUpUser(ctx, { verified: true });
    const [firm] = await ctx.db
      .insert(propFirms)
      .values({ slug: `firm-${user.id}`, name: 'Acme Funding' })
      .returning({ id: propFirms.id });
    const [review] = await ctx.db
      .insert(reviews)
      .values({
        propFirmId: firm.id,
        userId: user.id,
        rating: 4,
        title: 'Solid',
        comment: 'Paid out on time.',
      })
      .returning({ id: reviews.id });
    const res = await post('/api/auth/delete-user', { password: user.password }, { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.id, review.id))).toHaveLength(0);
  });
});

describe('roles', () => {
  const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;

  it('creates the demo admin once, with a password that works', async () => {
    const env = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss password 123' };
    expect(await ensureDemoAdmin(ctx.app.auth, ctx.db, env, silent)).toBe('created');
    expect(await ensureDemoAdmin(ctx.app.auth, ctx.db, env, silent)).toBe('exists');
    const res = await post('/api/auth/sign-in/email', {
      email: 'boss@example.com',
      password: env.ADMIN_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const me = (await getUser(cookieOf(res.headers['set-cookie']))).json();
    expect(me).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it('grants admin to an existing account by email (the admin:grant CLI)', async () => {
    const user = await signUpUser(ctx);
    expect((await getUser(user.cookie)).json().isAdmin).toBe(false);
    expect(await grantAdmin(ctx.db, user.email.toUpperCase())).toBe(true);
    expect((await getUser(user.cookie)).json().isAdmin).toBe(true);
    expect(await grantAdmin(ctx.db, 'nobody-here@example.com')).toBe(false);
  });
});
