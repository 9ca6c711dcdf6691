import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, mailsTo, nextIp, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { secretOf, totpCode } from '../../../../tests/setup/totp';
import { activityLogs, twoFactors, users } from '../../db/schema';

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

const sessionCookieIn = (setCookie: string | string[] | undefined) =>
  cookieOf(setCookie)
    .split('; ')
    .some((c) => c.startsWith('pfc.session_token='));

/** A new user (an admin if asked) with two-factor turned on: their TOTP secret and backup codes. */
async function enableTwoFactor(
  user?: TestUser,
): Promise<{ user: TestUser; secret: Buffer; backupCodes: string[] }> {
  user ??= await signUpUser(ctx);
  const enabled = await post(
    '/api/auth/two-factor/enable',
    { password: user.password },
    { cookie: user.cookie },
  );
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Prop%20Firm%20Club:/);
  const uri = new URL(totpURI);
  expect(uri.searchParams.get('issuer')).toBe('Prop Firm Club');
  expect(uri.searchParams.get('digits')).toBe('6');
  expect(uri.searchParams.get('period')).toBe('30');
  expect(backupCodes).toHaveLength(10);
  const secret = secretOf(totpURI);
  const verified = await post(
    '/api/auth/two-factor/verify-totp',
    { code: totpCode(secret) },
    { cookie: user.cookie },
  );
  expect(verified.statusCode).toBe(200);
  // Turning it on replaces the session with a new one.
  expect(sessionCookieIn(verified.headers['set-cookie'])).toBe(true);
  return { user: { ...user, cookie: cookieOf(verified.headers['set-cookie']) }, secret, backupCodes };
}

/** A password sign-in that now waits for a second factor: the cookie that carries it. */
async function signInWithPassword(user: TestUser, ip = nextIp()): Promise<string> {
  const res = await post(
    '/api/auth/sign-in/email',
    { email: user.email, password: user.password },
    { 'x-forwarded-for': ip },
  );
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ twoFactorRedirect: true });
  expect(sessionCookieIn(res.headers['set-cookie'])).toBe(false);
  return cookieOf(res.headers['set-cookie']);
}

const currentUser = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('two-factor sign-in', () => {
  it('keeps the secret and backup codes out of plain sight in the database', async () => {
    const { user, backupCodes } = await enableTwoFactor();
    const rows = await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(rows).toHaveLength(1);
    for (const code of backupCodes) expect(rows[0].backupCodes).not.toContain(code);
  });

  it('asks for a code after the password, sets no session, and a right code signs in', async () => {
    const { user, secret } = await enableTwoFactor();
    const pending = await signInWithPassword(user);
    expect((await currentUser(pending)).statusCode).toBe(401);

    const res = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret) },
      { cookie: pending },
    );
    expect(res.statusCode).toBe(200);
    expect(sessionCookieIn(res.headers['set-cookie'])).toBe(true);
    const me = await currentUser(cookieOf(res.headers['set-cookie']));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email, twoFactorEnabled: true });
    const logs = await ctx.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(logs.map((l) => l.activityType).sort()).toEqual(['user_login', 'user_signup']);
  });

  it('signs in with a backup code once, and not twice', async () => {
    const { user, backupCodes } = await enableTwoFactor();
    const first = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      { cookie: await signInWithPassword(user) },
    );
    expect(first.statusCode).toBe(200);
    expect(sessionCookieIn(first.headers['set-cookie'])).toBe(true);

    const again = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      { cookie: await signInWithPassword(user) },
    );
    expect(again.statusCode).toBe(401);
    expect(sessionCookieIn(again.headers['set-cookie'])).toBe(false);
  });

  it('takes one backup code sent from two browsers at once only once', async () => {
    const { user, backupCodes } = await enableTwoFactor();
    const pending = [await signInWithPassword(user), await signInWithPassword(user)];
    const both = await Promise.all(
      pending.map((cookie) =>
        post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] }, { cookie }),
      ),
    );
    const [won, lost] = [...both].sort((a, b) => a.statusCode - b.statusCode);
    expect(won.statusCode).toBe(200);
    expect(lost.statusCode).toBeGreaterThanOrEqual(400);
    expect(lost.statusCode).toBeLessThan(500);
    expect(both.filter((r) => sessionCookieIn(r.headers['set-cookie']))).toHaveLength(1);
    // The session is in its HttpOnly cookie only, never in a body a script could read.
    expect(won.json()).not.toHaveProperty('token');
    const later = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[1] },
      { cookie: await signInWithPassword(user) },
    );
    expect(later.statusCode).toBe(401);
  });

  it('makes new backup codes with the password; the old ones stop working', async () => {
    const { user, backupCodes } = await enableTwoFactor();
    const wrong = await post(
      '/api/auth/two-factor/generate-backup-codes',
      { password: 'not the password' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is incorrect.');
    const fresh = await post(
      '/api/auth/two-factor/generate-backup-codes',
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(fresh.statusCode).toBe(200);
    const newCodes = (fresh.json() as { backupCodes: string[] }).backupCodes;
    expect(newCodes).toHaveLength(10);

    const old = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[1] },
      { cookie: await signInWithPassword(user) },
    );
    expect(old.statusCode).toBe(401);
    const current = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: newCodes[0] },
      { cookie: await signInWithPassword(user) },
    );
    expect(current.statusCode).toBe(200);
  });

  it('limits codes to 5 tries in 5 minutes per account, from any address', async () => {
    const { user, secret } = await enableTwoFactor();
    const pending = await signInWithPassword(user);
    const wrong = totpCode(secret, Date.now() + 10 * 60_000);
    // The code that turned two-factor on was the account's first try.
    for (let i = 0; i < 4; i += 1) {
      const res = await post('/api/auth/two-factor/verify-totp', { code: wrong }, { cookie: pending });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toContain("isn't right");
    }
    const limited = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret) },
      { cookie: pending },
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookieIn(limited.headers['set-cookie'])).toBe(false);

    // A new sign-in on the same account is still limited.
    const again = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret) },
      { cookie: await signInWithPassword(user) },
    );
    expect(again.statusCode).toBe(429);
  });

  it('limits codes to 5 in 5 minutes per address, across accounts', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(
        '/api/auth/two-factor/verify-backup-code',
        { code: 'nope-nope' },
        { 'x-forwarded-for': ip },
      );
      expect(res.statusCode).toBe(401);
    }
    const limited = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: 'nope-nope' },
      { 'x-forwarded-for': ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('turns off with the password, after which the password alone signs in', async () => {
    const { user } = await enableTwoFactor();
    const wrong = await post(
      '/api/auth/two-factor/disable',
      { password: 'not the password' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is incorrect.');
    const off = await post(
      '/api/auth/two-factor/disable',
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(off.statusCode).toBe(200);
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('twoFactorRedirect');
    expect(sessionCookieIn(res.headers['set-cookie'])).toBe(true);
  });
});

/**
 * Two-factor sign-in turned on without spending a try: the code that turns it on counts toward the
 * account's 5 tries in 5 minutes, so these tests set in the database what that code would.
 */
async function withTwoFactorOn(): Promise<{ user: TestUser; secret: Buffer }> {
  const user = await signUpUser(ctx);
  const enabled = await post(
    '/api/auth/two-factor/enable',
    { password: user.password },
    { cookie: user.cookie },
  );
  expect(enabled.statusCode).toBe(200);
  await ctx.db.update(twoFactors).set({ verified: true }).where(eq(twoFactors.userId, user.id));
  await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  return { user, secret: secretOf((enabled.json() as { totpURI: string }).totpURI) };
}

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const wrongCodeMails = async (user: TestUser) =>
  (await mailsTo(ctx, user.email)).filter(
    (m) => m.subject === 'Someone entered wrong two-factor codes for your Prop Firm Club account',
  );
const tryCode = (cookie: string, code: string) =>
  post('/api/auth/two-factor/verify-totp', { code }, { cookie, 'user-agent': FIREFOX_LINUX });
const wrongCodeOf = (secret: Buffer) => totpCode(secret, Date.now() + 10 * 60_000);

describe('wrong two-factor codes', () => {
  it('emails the owner once at the fifth wrong code in a row, with when, the browser and links', async () => {
    const { user, secret } = await withTwoFactorOn();
    const pending = await signInWithPassword(user);
    for (let i = 0; i < 4; i += 1) expect((await tryCode(pending, wrongCodeOf(secret))).statusCode).toBe(401);
    expect(await wrongCodeMails(user)).toHaveLength(0);

    expect((await tryCode(pending, wrongCodeOf(secret))).statusCode).toBe(401);
    const mails = await wrongCodeMails(user);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/the last on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{2}:\d{2} UTC/);
    expect(mails[0].text).toContain('from Firefox 133 on Linux');
    expect(mails[0].text).toContain('/profile#sessions');
    expect(mails[0].text).toContain('/auth?mode=forgot');

    // The sixth is refused before any code is checked, and sends nothing more.
    expect((await tryCode(await signInWithPassword(user), totpCode(secret))).statusCode).toBe(429);
    expect(await wrongCodeMails(user)).toHaveLength(1);
  });

  it('counts wrong codes in a row: earlier ones count, and a right code starts again', async () => {
    // Three wrong codes in an earlier window stay on the account's count until a right one.
    const earlier = await withTwoFactorOn();
    await ctx.db
      .update(twoFactors)
      .set({ failedVerificationCount: 3 })
      .where(eq(twoFactors.userId, earlier.user.id));
    const pending = await signInWithPassword(earlier.user);
    expect((await tryCode(pending, wrongCodeOf(earlier.secret))).statusCode).toBe(401);
    expect(await wrongCodeMails(earlier.user)).toHaveLength(0);
    expect((await tryCode(pending, wrongCodeOf(earlier.secret))).statusCode).toBe(401);
    expect(await wrongCodeMails(earlier.user)).toHaveLength(1);

    const { user, secret } = await withTwoFactorOn();
    await ctx.db.update(twoFactors).set({ failedVerificationCount: 3 }).where(eq(twoFactors.userId, user.id));
    const first = await signInWithPassword(user);
    expect((await tryCode(first, wrongCodeOf(secret))).statusCode).toBe(401);
    expect((await tryCode(first, totpCode(secret))).statusCode).toBe(200);
    const second = await signInWithPassword(user);
    for (let i = 0; i < 3; i += 1) expect((await tryCode(second, wrongCodeOf(secret))).statusCode).toBe(401);
    expect(await wrongCodeMails(user)).toHaveLength(0);
  });
});

describe('REQUIRE_STAFF_2FA', () => {
  it('refuses the admin API to an admin without two-factor sign-in, and only while it is on', async () => {
    const staff = await createTestApp({ REQUIRE_STAFF_2FA: 'true' }, { sharedWith: ctx });
    try {
      const admin = await signUpUser(ctx, { admin: true });
      const overview = (app: TestContext, cookie: string) =>
        app.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });

      const refused = await overview(staff, admin.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'two_factor_required' });
      expect((await overview(ctx, admin.cookie)).statusCode).toBe(200);

      const { user } = await enableTwoFactor(admin);
      expect((await overview(staff, user.cookie)).statusCode).toBe(200);
    } finally {
      await staff.close();
    }
  });
});
