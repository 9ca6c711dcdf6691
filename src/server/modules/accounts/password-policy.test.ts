import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, latestLinkTo, mailsTo, nextIp, signUpUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { accounts, users } from '../../db/schema';

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

const logIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });
const sessionWorks = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode === 200;
const passwordHashOf = async (userId: string) =>
  (await ctx.db.select().from(accounts).where(eq(accounts.userId, userId)))[0]?.password;

function expectTooWeak(res: { statusCode: number; json: () => { code: string; message: string } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('password_too_weak');
  expect(res.json().message).toMatch(/^This password is too easy to guess\. \S/);
}

describe('sign-up with a guessable password', () => {
  it.each([
    ['a common password', () => 'password1'],
    ['a season and a year', () => 'Summer2026!'],
    ['the email address', (email: string) => email],
    ['the username and a year', (_: string, username: string) => `${username}2026`],
  ])('refuses %s and creates nothing', async (_, passwordOf) => {
    const username = `weak${Math.random().toString(36).slice(2, 8)}`;
    const email = `${username}@example.com`;
    const res = await post('/api/auth/sign-up/email', {
      email,
      password: passwordOf(email, username),
      firstName: 'Wes',
      username,
    });
    expectTooWeak(res);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await mailsTo(ctx, email)).toHaveLength(0);
  });

  it('says what is wrong, with the advice the form shows', async () => {
    const res = await post('/api/auth/sign-up/email', {
      email: `common${Date.now()}@example.com`,
      password: 'password1',
      firstName: 'Wes',
      username: `common${Date.now()}`,
    });
    expect(res.json().message).toBe(
      'This password is too easy to guess. This is a commonly used password. Add more words that are less common.',
    );
  });

  it('accepts a passphrase of uncommon words', async () => {
    const username = `strong${Math.random().toString(36).slice(2, 8)}`;
    const res = await post('/api/auth/sign-up/email', {
      email: `${username}@example.com`,
      password: 'kettle orbit velvet lantern',
      firstName: 'Sam',
      username,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('reset with a guessable password', () => {
  it('refuses it and changes nothing: the old password, the sessions and the link still work', async () => {
    const user = await signUpUser(ctx);
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = new URL(await latestLinkTo(ctx, user.email), TEST_ORIGIN).searchParams.get('token');
    const before = await passwordHashOf(user.id);

    for (const weak of ['password1', 'Summer2026!', user.email]) {
      expectTooWeak(await post('/api/auth/reset-password', { token, newPassword: weak }));
    }
    expect(await passwordHashOf(user.id)).toBe(before);
    expect(await sessionWorks(user.cookie)).toBe(true);
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);

    const res = await post('/api/auth/reset-password', { token, newPassword: 'quiet harbour ledger maple' });
    expect(res.statusCode).toBe(200);
    expect((await logIn(user.email, 'quiet harbour ledger maple')).statusCode).toBe(200);
  });

  it('answers a bad link as a bad link, whatever the password', async () => {
    const res = await post('/api/auth/reset-password', { token: 'not-a-token', newPassword: 'password1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('invalid or has already been used');
  });
});

describe('change to a guessable password', () => {
  it('refuses it and changes nothing: the old password and the other sessions still work', async () => {
    const user = await signUpUser(ctx);
    const other = cookieOf((await logIn(user.email, user.password)).headers['set-cookie']);
    const before = await passwordHashOf(user.id);

    for (const weak of ['password1', 'Summer2026!', user.email, `${user.username}2026`]) {
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: weak },
        { cookie: user.cookie },
      );
      expectTooWeak(res);
    }
    expect(await passwordHashOf(user.id)).toBe(before);
    expect(await sessionWorks(other)).toBe(true);
    expect((await logIn(user.email, user.password)).statusCode).toBe(200);

    const res = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'copper meadow signal tundra' },
      { cookie: user.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect((await logIn(user.email, 'copper meadow signal tundra')).statusCode).toBe(200);
  });
});
