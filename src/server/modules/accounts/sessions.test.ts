import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, mailsTo, nextIp, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { knownDevices, sessions } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), cookie },
    ...(payload ? { payload } : {}),
  });

async function signIn(user: TestUser, userAgent: string, cookie = ''): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), 'user-agent': userAgent, cookie },
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return cookieOf(res.headers['set-cookie']);
}

const isSignedIn = async (cookie: string) =>
  (await request('GET', '/api/auth/user', cookie)).statusCode === 200;

const listSessions = async (cookie: string) => {
  const res = await request('GET', '/api/auth/list-sessions', cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; browser: string; system: string; current: boolean }[];
};

describe('signed-in devices', () => {
  it('lists each session with its browser and system, marking the current one, and no tokens', async () => {
    const user = await signUpUser(ctx);
    const laptop = await signIn(user, FIREFOX_LINUX);
    await signIn(user, SAFARI_IPHONE);
    const res = await request('GET', '/api/auth/list-sessions', laptop);
    expect(res.body).not.toMatch(/token/i);
    const list = await listSessions(laptop);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ browser: 'Firefox 133', system: 'Linux', current: true });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list).toContainEqual(
      expect.objectContaining({ browser: 'Safari 17', system: 'iOS', current: false }),
    );
  });

  it('ends one other session: its next request answers 401; the rest stay signed in', async () => {
    const user = await signUpUser(ctx);
    const laptop = await signIn(user, FIREFOX_LINUX);
    const phone = await signIn(user, SAFARI_IPHONE);
    const target = (await listSessions(laptop)).find((s) => s.browser === 'Safari 17');
    const res = await request('POST', '/api/auth/revoke-session', laptop, { id: target?.id });
    expect(res.statusCode).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(user.cookie)).toBe(true);
  });

  it("answers 404 for a session that is not the user's and ends nothing", async () => {
    const owner = await signUpUser(ctx);
    const stranger = await signUpUser(ctx);
    const [session] = await listSessions(owner.cookie);
    const res = await request('POST', '/api/auth/revoke-session', stranger.cookie, { id: session.id });
    expect(res.statusCode).toBe(404);
    expect(await isSignedIn(owner.cookie)).toBe(true);
    expect((await request('GET', '/api/auth/list-sessions', '')).statusCode).toBe(401);
  });

  it('signs out of all other devices, keeping the current one', async () => {
    const user = await signUpUser(ctx);
    const laptop = await signIn(user, FIREFOX_LINUX);
    const phone = await signIn(user, SAFARI_IPHONE);
    const res = await request('POST', '/api/auth/revoke-other-sessions', laptop, {});
    expect(res.statusCode).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(user.cookie)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await listSessions(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });

  it('ends a session by its id only: a token is refused, and the old paths are gone', async () => {
    const user = await signUpUser(ctx);
    const phone = await signIn(user, SAFARI_IPHONE);
    const token = decodeURIComponent(
      phone
        .split('; ')
        .find((c) => c.startsWith('pfc.session_token='))
        ?.split('=')[1]
        ?.split('.')[0] ?? '',
    );
    expect(token).not.toBe('');
    const byToken = await request('POST', '/api/auth/revoke-session', user.cookie, { token });
    expect(byToken.statusCode).toBe(400);
    expect(await isSignedIn(phone)).toBe(true);
    expect((await request('POST', '/api/auth/revoke-session', user.cookie, { id: token })).statusCode).toBe(
      404,
    );
    expect(await isSignedIn(phone)).toBe(true);
    expect((await request('GET', '/api/auth/sessions', user.cookie)).statusCode).toBe(404);
    expect((await request('DELETE', '/api/auth/sessions/x', user.cookie)).statusCode).toBe(404);
  });

  it('stores no IP address with a session', async () => {
    const user = await signUpUser(ctx);
    await signIn(user, FIREFOX_LINUX);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
    // Better Auth writes an empty string when it tracks no address.
    for (const row of rows) expect(row.ipAddress ?? '').toBe('');
  });
});

const deviceCookieOf = (cookie: string) => cookie.split('; ').find((c) => c.startsWith('pfc.device=')) ?? '';
const newDeviceMails = async (user: TestUser) =>
  (await mailsTo(ctx, user.email)).filter((m) => m.subject === 'New sign-in to your Prop Firm Club account');

describe('new-device emails', () => {
  it('marks the browser of sign-up with a 400-day HttpOnly device cookie and sends no alert for it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp() },
      payload: {
        email: `dev${Date.now()}@example.com`,
        password: 'correct horse battery',
        firstName: 'D',
        username: `dev${Date.now()}`,
      },
    });
    const device = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('pfc.device='));
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Lax/i);
    expect(device).toMatch(/Max-Age=34560000/);
    expect(device).not.toMatch(/Secure/i);
    const user = await signUpUser(ctx);
    expect(await newDeviceMails(user)).toHaveLength(0);
  });

  it('emails on a sign-in from a new browser, and not from a browser already used', async () => {
    const user = await signUpUser(ctx);
    await signIn(user, FIREFOX_LINUX, deviceCookieOf(user.cookie));
    expect(await newDeviceMails(user)).toHaveLength(0);

    const phone = await signIn(user, SAFARI_IPHONE);
    const [mail] = await newDeviceMails(user);
    expect(mail.text).toContain('from Safari 17 on iOS');
    expect(mail.text).toMatch(/on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{2}:\d{2} UTC/);
    expect(mail.text).toContain('/profile#sessions');
    expect(mail.text).toContain('/auth?mode=forgot');

    await signIn(user, SAFARI_IPHONE, deviceCookieOf(phone));
    expect(await newDeviceMails(user)).toHaveLength(1);
  });

  it('sends none for the session a password change starts, even in a browser without the cookie', async () => {
    const user = await signUpUser(ctx);
    const withoutDevice = user.cookie
      .split('; ')
      .filter((c) => !c.startsWith('pfc.device='))
      .join('; ');
    const res = await request('POST', '/api/auth/change-password', withoutDevice, {
      currentPassword: user.password,
      newPassword: 'another sturdy passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect(await newDeviceMails(user)).toHaveLength(0);
  });

  it('keeps only hashes of device ids', async () => {
    const user = await signUpUser(ctx);
    const id = deviceCookieOf(user.cookie).split('=')[1];
    const rows = await ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].deviceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].deviceHash).not.toContain(id);
  });
});
