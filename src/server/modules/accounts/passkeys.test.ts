import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, mailsTo, nextIp, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { secretOf, totpCode } from '../../../../tests/setup/totp';
import { activityLogs, passkeys, sessions } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// ---- A software authenticator: an ES256 key, 'none' attestation, authenticator data by hand. ----

/** CBOR (RFC 8949) of the few shapes WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`no CBOR for ${typeof value}`);
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const RP_ID = new URL(TEST_ORIGIN).hostname;
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Authenticator {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

function newAuthenticator(): Authenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(32), privateKey, publicKey, counter: 0 };
}

function authenticatorData(flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  const rpIdHash = createHash('sha256').update(RP_ID).digest();
  return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** `navigator.credentials.create()` answered as the browser would, in JSON. */
function attest(
  auth: Authenticator,
  challenge: string,
  { flags = FLAG_UP | FLAG_UV | FLAG_AT, origin = TEST_ORIGIN } = {},
) {
  const jwk = auth.publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, unknown>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(auth.credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, auth.credentialId, cbor(coseKey)]);
  const authData = authenticatorData(flags, auth.counter, attested);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  return {
    id: b64url(auth.credentialId),
    rawId: b64url(auth.credentialId),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  };
}

/** `navigator.credentials.get()` answered: an ES256 signature over authData and the client data's hash. */
function assertion(
  auth: Authenticator,
  challenge: string,
  { flags = FLAG_UP | FLAG_UV, origin = TEST_ORIGIN } = {},
) {
  auth.counter += 1;
  const authData = authenticatorData(flags, auth.counter);
  const data = clientData('webauthn.get', challenge, origin);
  const signature = sign(
    'sha256',
    Buffer.concat([authData, createHash('sha256').update(data).digest()]),
    auth.privateKey,
  );
  return {
    id: b64url(auth.credentialId),
    rawId: b64url(auth.credentialId),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    },
  };
}

// ---- Requests ----

const request = (
  method: 'GET' | 'POST',
  url: string,
  { cookie, payload, ip = nextIp() }: { cookie?: string; payload?: unknown; ip?: string } = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const joinCookies = (...cookies: string[]) => cookies.filter(Boolean).join('; ');
const sessionCookieIn = (setCookie: string | string[] | undefined) =>
  cookieOf(setCookie)
    .split('; ')
    .some((c) => c.startsWith('pfc.session_token='));
const currentUser = (cookie: string) => request('GET', '/api/auth/user', { cookie });

/** Adds a passkey to the user's account through both steps of the ceremony. */
async function addPasskey(user: TestUser, auth = newAuthenticator(), name = 'Test laptop') {
  const options = await request('GET', '/api/auth/passkey/generate-register-options', {
    cookie: user.cookie,
  });
  expect(options.statusCode, options.body).toBe(200);
  const { challenge } = options.json() as { challenge: string };
  const res = await request('POST', '/api/auth/passkey/verify-registration', {
    cookie: joinCookies(user.cookie, cookieOf(options.headers['set-cookie'])),
    payload: { name, response: attest(auth, challenge) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { auth, passkey: res.json() as { id: string; name: string } };
}

/** Signs in with the passkey from a browser (device cookie) of the caller's choosing. */
async function signInWithPasskey(
  auth: Authenticator,
  { deviceCookie = '', flags, origin }: { deviceCookie?: string; flags?: number; origin?: string } = {},
) {
  const ip = nextIp();
  const options = await request('GET', '/api/auth/passkey/generate-authenticate-options', {
    cookie: deviceCookie,
    ip,
  });
  expect(options.statusCode, options.body).toBe(200);
  const { challenge } = options.json() as { challenge: string };
  return request('POST', '/api/auth/passkey/verify-authentication', {
    cookie: joinCookies(deviceCookie, cookieOf(options.headers['set-cookie'])),
    payload: { response: assertion(auth, challenge, { flags, origin }) },
    ip,
  });
}

/** Makes the user's sessions look as if they began 11 minutes ago. */
const ageSessions = (userId: string) =>
  ctx.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.userId, userId));

const deviceCookieOf = (cookie: string) =>
  cookie
    .split('; ')
    .filter((c) => c.startsWith('pfc.device='))
    .join('; ');

describe('adding a passkey', () => {
  it('asks for a discoverable, user-verifying credential for this site', async () => {
    const user = await signUpUser(ctx);
    const res = await request('GET', '/api/auth/passkey/generate-register-options', { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Prop Firm Club' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  });

  it('stores it named, lists it with the date added, and signs out every other session', async () => {
    const user = await signUpUser(ctx);
    const elsewhere = await request('POST', '/api/auth/sign-in/email', {
      payload: { email: user.email, password: user.password },
    });
    const otherCookie = cookieOf(elsewhere.headers['set-cookie']);
    expect((await currentUser(otherCookie)).statusCode).toBe(200);

    const { passkey } = await addPasskey(user, newAuthenticator(), '  Work laptop ');
    expect(passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = await request('GET', '/api/auth/passkeys', { cookie: user.cookie });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json() as { id: string; name: string; createdAt: string; lastUsedAt: null }[];
    expect(listed).toMatchObject({ id: passkey.id, name: 'Work laptop', lastUsedAt: null });
    expect(Date.now() - Date.parse(listed.createdAt)).toBeLessThan(60_000);
    // The plugin's row (public key, credential id) stays on the server.
    expect(list.body).not.toContain('publicKey');

    expect((await currentUser(user.cookie)).statusCode).toBe(200);
    expect((await currentUser(otherCookie)).statusCode).toBe(401);
  });

  it('needs a sign-in within the last 10 minutes', async () => {
    const user = await signUpUser(ctx);
    await ageSessions(user.id);
    const res = await request('GET', '/api/auth/passkey/generate-register-options', { cookie: user.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'fresh_sign_in_required' });
    expect(res.json().message).toContain('10 minutes');
  });

  it('refuses a credential from another origin, one without user verification, and garbage, with a 4xx', async () => {
    const user = await signUpUser(ctx);
    const attempt = async (make: (challenge: string) => unknown) => {
      const options = await request('GET', '/api/auth/passkey/generate-register-options', {
        cookie: user.cookie,
      });
      const { challenge } = options.json() as { challenge: string };
      return request('POST', '/api/auth/passkey/verify-registration', {
        cookie: joinCookies(user.cookie, cookieOf(options.headers['set-cookie'])),
        payload: { name: 'Key', response: make(challenge) },
      });
    };
    const foreign = await attempt((c) => attest(newAuthenticator(), c, { origin: 'https://evil.example' }));
    expect(foreign.statusCode).toBe(400);
    const unverified = await attempt((c) => attest(newAuthenticator(), c, { flags: FLAG_UP | FLAG_AT }));
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().code).toBe('passkey_user_not_verified');
    const garbage = await attempt((c) => {
      const response = attest(newAuthenticator(), c);
      return { ...response, response: { ...response.response, attestationObject: 'AAAA' } };
    });
    expect(garbage.statusCode).toBe(400);
    expect((await ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).length).toBe(0);
  });

  it('refuses a body without a name or a credential', async () => {
    const user = await signUpUser(ctx);
    for (const payload of [{}, { name: '', response: {} }, { name: 'x'.repeat(61), response: {} }]) {
      const res = await request('POST', '/api/auth/passkey/verify-registration', {
        cookie: user.cookie,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('signing in with a passkey', () => {
  it('starts a session with no two-factor step, even with two-factor on, and records the last use', async () => {
    const user = await signUpUser(ctx);
    const { auth, passkey } = await addPasskey(user);
    // Two-factor on: a password sign-in would now wait for a code.
    const enabled = await request('POST', '/api/auth/two-factor/enable', {
      cookie: user.cookie,
      payload: { password: user.password },
    });
    const secret = secretOf((enabled.json() as { totpURI: string }).totpURI);
    const verified = await request('POST', '/api/auth/two-factor/verify-totp', {
      cookie: user.cookie,
      payload: { code: totpCode(secret) },
    });
    expect(verified.statusCode).toBe(200);

    const res = await signInWithPasskey(auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(res.body).not.toContain('twoFactorRedirect');
    expect(res.body).not.toContain('token');
    expect(sessionCookieIn(res.headers['set-cookie'])).toBe(true);
    const cookie = cookieOf(res.headers['set-cookie']);
    const me = await currentUser(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, twoFactorEnabled: true, signedInWithPasskey: true });

    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
    const list = (await request('GET', '/api/auth/passkeys', { cookie })).json() as { lastUsedAt: string }[];
    expect(Date.now() - Date.parse(list[0].lastUsedAt)).toBeLessThan(60_000);
    const logins = await ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.activityType, 'user_login')));
    expect(logins).toHaveLength(1);
  });

  it('emails the owner about a browser the account has not used, and not about a known one', async () => {
    const user = await signUpUser(ctx);
    const { auth } = await addPasskey(user);
    const before = (await mailsTo(ctx, user.email)).length;

    const known = await signInWithPasskey(auth, { deviceCookie: deviceCookieOf(user.cookie) });
    expect(known.statusCode).toBe(200);
    expect(await mailsTo(ctx, user.email)).toHaveLength(before);

    const unknown = await signInWithPasskey(auth);
    expect(unknown.statusCode).toBe(200);
    const mails = await mailsTo(ctx, user.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[mails.length - 1].subject).toBe('New sign-in to your Prop Firm Club account');
  });

  it('refuses an assertion without user verification, from another origin, or used twice', async () => {
    const user = await signUpUser(ctx);
    const { auth } = await addPasskey(user);
    const unverified = await signInWithPasskey(auth, { flags: FLAG_UP });
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().code).toBe('passkey_user_not_verified');
    expect(sessionCookieIn(unverified.headers['set-cookie'])).toBe(false);

    const foreign = await signInWithPasskey(auth, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(400);
    expect(sessionCookieIn(foreign.headers['set-cookie'])).toBe(false);

    // The same signed answer again: its challenge was spent by the first use.
    const options = await request('GET', '/api/auth/passkey/generate-authenticate-options');
    const { challenge } = options.json() as { challenge: string };
    const cookie = cookieOf(options.headers['set-cookie']);
    const payload = { response: assertion(auth, challenge) };
    expect(
      (await request('POST', '/api/auth/passkey/verify-authentication', { cookie, payload })).statusCode,
    ).toBe(200);
    const replay = await request('POST', '/api/auth/passkey/verify-authentication', { cookie, payload });
    expect(replay.statusCode).toBe(400);
  });

  it('starts one session from one signed answer sent many times at once', async () => {
    const user = await signUpUser(ctx);
    const { auth } = await addPasskey(user);
    const options = await request('GET', '/api/auth/passkey/generate-authenticate-options');
    const { challenge } = options.json() as { challenge: string };
    const cookie = cookieOf(options.headers['set-cookie']);
    const payload = { response: assertion(auth, challenge) };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request('POST', '/api/auth/passkey/verify-authentication', { cookie, payload }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 400)).toBe(true);
    const started = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    // The sign-up's session (the passkey's own addition kept it) and the one passkey sign-in.
    expect(started).toHaveLength(2);
  });

  it('refuses an unknown passkey and a malformed body', async () => {
    const stranger = await signInWithPasskey(newAuthenticator());
    expect(stranger.statusCode).toBe(401);
    expect(sessionCookieIn(stranger.headers['set-cookie'])).toBe(false);
    for (const payload of [{}, { response: { id: 'x' } }, { response: 'nope' }]) {
      const res = await request('POST', '/api/auth/passkey/verify-authentication', { payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('counts as two factors for REQUIRE_STAFF_2FA; a password session of the same admin does not', async () => {
    const staff = await createTestApp({ REQUIRE_STAFF_2FA: 'true' }, { sharedWith: ctx });
    try {
      const admin = await signUpUser(ctx, { admin: true, verified: true });
      const { auth } = await addPasskey(admin);
      const overview = (cookie: string) =>
        staff.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });

      const refused = await overview(admin.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'two_factor_required' });

      const res = await signInWithPasskey(auth);
      expect(res.statusCode).toBe(200);
      const cookie = cookieOf(res.headers['set-cookie']);
      expect((await overview(cookie)).statusCode).toBe(200);

      // The session a password change starts in place of it is still a passkey session.
      const changed = await request('POST', '/api/auth/change-password', {
        cookie,
        payload: { currentPassword: admin.password, newPassword: 'quiet otter builds violet bridges' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const renewed = joinCookies(deviceCookieOf(cookie), cookieOf(changed.headers['set-cookie']));
      expect(renewed).toContain('pfc.session_token=');
      expect((await overview(renewed)).statusCode).toBe(200);
    } finally {
      await staff.close();
    }
  });
});

describe('removing a passkey', () => {
  const remove = (user: TestUser, payload: Record<string, unknown>) =>
    request('POST', '/api/auth/passkey/delete-passkey', { cookie: user.cookie, payload });
  const exists = async (id: string) =>
    (await ctx.db.select().from(passkeys).where(eq(passkeys.id, id))).length === 1;

  it('works within 10 minutes of signing in; the passkey then signs nobody in', async () => {
    const user = await signUpUser(ctx);
    const { auth, passkey } = await addPasskey(user);
    const res = await remove(user, { id: passkey.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists(passkey.id)).toBe(false);
    expect((await signInWithPasskey(auth)).statusCode).toBe(401);
  });

  it('needs the password after 10 minutes: 403 without it, 400 with a wrong one', async () => {
    const user = await signUpUser(ctx);
    const { passkey } = await addPasskey(user);
    await ageSessions(user.id);

    const stale = await remove(user, { id: passkey.id });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'fresh_sign_in_required' });
    expect(stale.json().message).toContain('password');
    const wrong = await remove(user, { id: passkey.id, password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(await exists(passkey.id)).toBe(true);

    const right = await remove(user, { id: passkey.id, password: user.password });
    expect(right.statusCode).toBe(200);
    expect(await exists(passkey.id)).toBe(false);
  });

  it("cannot remove another user's passkey, even with a password", async () => {
    const owner = await signUpUser(ctx);
    const { passkey } = await addPasskey(owner);
    const other = await signUpUser(ctx);
    const res = await remove(other, { id: passkey.id, password: other.password });
    expect(res.statusCode).toBe(404);
    expect(await exists(passkey.id)).toBe(true);
    const theirs = (await request('GET', '/api/auth/passkeys', { cookie: other.cookie })).json();
    expect(theirs).toEqual([]);
  });
});

describe('other sensitive actions', () => {
  it('changing the email needs a recent sign-in or the password', async () => {
    const user = await signUpUser(ctx);
    const payload = { newEmail: `new-${user.email}` };
    // Fresh: past the check, where the endpoint says the change is not offered.
    const fresh = await request('POST', '/api/auth/change-email', { cookie: user.cookie, payload });
    expect(fresh.statusCode).toBe(400);
    await ageSessions(user.id);
    const stale = await request('POST', '/api/auth/change-email', { cookie: user.cookie, payload });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'fresh_sign_in_required' });
  });

  it('turning two-factor off and making backup codes take the password even in a fresh session', async () => {
    const user = await signUpUser(ctx);
    for (const url of ['/api/auth/two-factor/disable', '/api/auth/two-factor/generate-backup-codes']) {
      const res = await request('POST', url, { cookie: user.cookie, payload: {} });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it("the plugin's own list and rename are closed", async () => {
    const user = await signUpUser(ctx);
    expect(
      (await request('GET', '/api/auth/passkey/list-user-passkeys', { cookie: user.cookie })).statusCode,
    ).toBe(404);
    const rename = await request('POST', '/api/auth/passkey/update-passkey', {
      cookie: user.cookie,
      payload: { id: 'x', name: 'y' },
    });
    expect(rename.statusCode).toBe(404);
  });
});
