/**
 * PostgreSQL goes away while writes flow, through a proxy between this server and the machine's
 * PostgreSQL (never the shared server itself): the server's connections are terminated by
 * PostgreSQL (57P01, as at a restart), then new connections are refused, then accepted and never
 * answered (a partition), then the way is restored. Properties: during the outage every write is
 * answered 503 with Retry-After within the pool's connection timeout (no hang, no other 5xx, the
 * process lives); a new write succeeds within 5 s of PostgreSQL being back; every write answered
 * 200 is in the database. Log-in, sign-up, sign-out, the session (Better Auth's routes) and pages,
 * signed in or not, are answered 503 with Retry-After too (pages as a small HTML document), never as
 * if the visitor were signed out; the session is still there afterwards. Needs TEST_DATABASE_URL
 * (.ci/run runs it on PostgreSQL).
 */
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../src/server/db/schema';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../setup/test-app';
import { TcpProxy } from './lib/tcp-proxy';

const PROXY_PORT = 3651;
const APP_PORT = 3652;
const url = process.env.TEST_DATABASE_URL;

/** The pool's connection timeout (db/client.ts) plus room for a loaded machine. */
const LONGEST_ANSWER_MS = 5_000 + 3_000;

interface Outcome {
  email: string;
  status: number;
  retryAfter: string | null;
  ms: number;
  at: number;
}

describe.skipIf(!url)('PostgreSQL restarted while writes flow', () => {
  let proxy: TcpProxy;
  let ctx: TestContext;
  let seq = 0;

  beforeAll(async () => {
    const target = new URL(url ?? 'postgres://localhost');
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, PROXY_PORT);
    await proxy.start();
    ctx = await createTestApp({}, { databasePort: PROXY_PORT, pages: 'production' });
    await ctx.app.listen({ host: '127.0.0.1', port: APP_PORT });
  });
  afterAll(async () => {
    // A broken server may still hold requests and connection attempts: end them, don't wait.
    await proxy?.close();
    ctx?.app.server.closeAllConnections();
    await Promise.race([ctx?.close(), new Promise((r) => setTimeout(r, 10_000))]);
  });

  /** One newsletter subscription of a new address from a new client address. */
  async function subscribe(): Promise<Outcome> {
    seq += 1;
    const email = `fault-pg-${seq}@example.com`;
    const started = Date.now();
    try {
      const res = await fetch(`http://127.0.0.1:${APP_PORT}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': `10.77.${(seq >> 8) & 255}.${seq & 255}`,
        },
        body: JSON.stringify({ email, source: 'fault' }),
        signal: AbortSignal.timeout(LONGEST_ANSWER_MS + 5_000),
      });
      await res.arrayBuffer();
      const retryAfter = res.headers.get('retry-after');
      return { email, status: res.status, retryAfter, ms: Date.now() - started, at: started };
    } catch {
      // No answer at all: a hang (timeout) or a dropped connection.
      return { email, status: 0, retryAfter: null, ms: Date.now() - started, at: started };
    }
  }

  /** Terminates this server's connections as PostgreSQL does to every backend when it restarts. */
  async function terminateBackends() {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ db: string }>('SELECT current_database() AS db');
    const appDb = (await ctx.database.db.execute('SELECT current_database() AS db')) as unknown as {
      rows: { db: string }[];
    };
    expect(appDb.rows[0].db).not.toBe(rows[0].db);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      appDb.rows[0].db,
    ]);
    await admin.end();
  }

  const base = `http://127.0.0.1:${APP_PORT}`;

  type Answer = Awaited<ReturnType<typeof ask>>;

  /** Sign-up, sign-in, the session and pages as a browser asks for them, through the server's port. */
  async function ask(
    path: string,
    init: { method?: string; cookie?: string; body?: unknown; page?: boolean } = {},
  ) {
    seq += 1;
    const started = Date.now();
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        origin: TEST_ORIGIN,
        'x-forwarded-for': `10.78.${(seq >> 8) & 255}.${seq & 255}`,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.page ? { accept: 'text/html,application/xhtml+xml' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(LONGEST_ANSWER_MS + 5_000),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      type: res.headers.get('content-type') ?? '',
      text: await res.text(),
      ms: Date.now() - started,
    };
  }

  it('answers log-in, the session and pages with 503 and Retry-After while PostgreSQL is away, never as signed out', async () => {
    const password = 'correct horse battery';
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '10.79.0.1' },
      body: JSON.stringify({ email: 'outage@example.com', password, firstName: 'Out', username: 'outage' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await ask('/profile', { cookie, page: true })).status).toBe(200);

    await terminateBackends();
    await proxy.cut();
    const during: Record<string, Answer> = {
      signIn: await ask('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: 'outage@example.com', password },
      }),
      signUp: await ask('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email: 'outage-2@example.com', password, firstName: 'Out', username: 'outage2' },
      }),
      getSession: await ask('/api/auth/get-session', { cookie }),
      currentUser: await ask('/api/auth/user', { cookie }),
      signOut: await ask('/api/auth/sign-out', { method: 'POST', cookie, body: {} }),
      guardedPage: await ask('/profile', { cookie, page: true }),
      publicPageSignedIn: await ask('/firms', { cookie, page: true }),
      publicPage: await ask('/blog', { page: true }),
    };
    // Accepted and never answered: each waits for the pool's connection timeout, then 503 too.
    await proxy.blackhole();
    const [signInUnanswered, getSessionUnanswered, signedInHomeUnanswered] = await Promise.all([
      ask('/api/auth/sign-in/email', { method: 'POST', body: { email: 'outage@example.com', password } }),
      ask('/api/auth/get-session', { cookie }),
      // The home asks who the visitor is before its data: one wait, not two.
      ask('/', { cookie, page: true }),
    ]);
    Object.assign(during, { signInUnanswered, getSessionUnanswered, signedInHomeUnanswered });
    await proxy.restore();

    const answers = Object.entries(during);
    expect(
      Object.fromEntries(answers.map(([name, a]) => [name, `${a.status} Retry-After: ${a.retryAfter}`])),
    ).toEqual(Object.fromEntries(answers.map(([name]) => [name, '503 Retry-After: 5'])));
    expect(answers.filter(([, a]) => a.ms > LONGEST_ANSWER_MS)).toEqual([]);
    for (const name of ['signIn', 'signUp', 'getSession', 'currentUser', 'signOut', 'signInUnanswered']) {
      expect(JSON.parse(during[name].text)).toEqual({
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: 'unavailable',
      });
    }
    for (const page of [
      during.guardedPage,
      during.publicPageSignedIn,
      during.publicPage,
      signedInHomeUnanswered,
    ]) {
      expect(page.type).toMatch(/^text\/html/);
      expect(page.text).toContain('<title>Temporarily unavailable | Prop Firm Club</title>');
      expect(page.text).toContain('The service is briefly unavailable. Please try again in a few seconds.');
      expect(page.text).not.toMatch(/\bat .+:\d+:\d+\)|Error:/);
    }

    // Back: the same session is still signed in, on the API and on pages.
    const deadline = Date.now() + 5_000;
    let session = await ask('/api/auth/get-session', { cookie });
    while (session.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      session = await ask('/api/auth/get-session', { cookie });
    }
    expect(JSON.parse(session.text)?.user?.email).toBe('outage@example.com');
    expect((await ask('/profile', { cookie, page: true })).status).toBe(200);
  }, 60_000);

  it('answers 503 with Retry-After during the outage, recovers within 5 s, keeps every acknowledged write', async () => {
    const outcomes: Outcome[] = [];
    let flowing = true;
    const writers = Array.from({ length: 3 }, async () => {
      while (flowing) outcomes.push(await subscribe());
    });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    await sleep(1_000);
    const outageStart = Date.now();
    await terminateBackends();
    await proxy.cut();
    await sleep(2_000);
    await proxy.blackhole();
    await sleep(2_000);
    await proxy.restore();
    const backAt = Date.now();

    // Fresh writes until one is stored: that is the recovery time.
    let recovered: Outcome | undefined;
    while (Date.now() - backAt < 10_000) {
      const probe = await subscribe();
      outcomes.push(probe);
      if (probe.status === 200) {
        recovered = probe;
        break;
      }
      await sleep(100);
    }
    await sleep(1_000);
    flowing = false;
    await Promise.all(writers);

    const during = outcomes.filter((o) => o.at >= outageStart && o.at < backAt);
    expect(outcomes.filter((o) => o.at < outageStart && o.status === 200).length).toBeGreaterThan(0);
    expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    // Only 200 or 503 (with Retry-After) ever; never a hang.
    const wrong = outcomes.filter(
      (o) => !(o.status === 200 || (o.status === 503 && Number(o.retryAfter) > 0)),
    );
    expect(wrong).toEqual([]);
    expect(outcomes.filter((o) => o.ms > LONGEST_ANSWER_MS)).toEqual([]);
    expect(recovered, 'no write succeeded within 10 s of PostgreSQL being back').toBeDefined();
    expect((recovered?.at ?? 0) + (recovered?.ms ?? 0) - backAt).toBeLessThan(5_000);
    expect(outcomes.filter((o) => o.at > (recovered?.at ?? 0) && o.status !== 200)).toEqual([]);

    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.email);
    const stored = await ctx.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.email, acknowledged));
    expect(new Set(stored.map((r) => r.email))).toEqual(new Set(acknowledged));

    const health = await fetch(`http://127.0.0.1:${APP_PORT}/readyz`);
    expect(health.status).toBe(200);
  }, 60_000);
});
