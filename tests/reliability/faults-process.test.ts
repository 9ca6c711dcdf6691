/**
 * Faults of the server process itself, on the production server started as a child process
 * (lib/server-process.ts) with the embedded database (PGlite in DATA_DIR):
 * - SIGKILL while writes flow: it starts again on the same folder with every acknowledged write;
 * - SIGTERM: a request in flight is answered before the process exits, and nothing new is taken;
 * - Redis gone (REDIS_URL through a proxy this test cuts, or a dead port): it keeps serving, with
 *   rate limits counted in the process, and logs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { newsletterSubscribers } from '../../src/server/db/schema';
import { type ServerProcess, startServer, stopServer, subscribe } from './lib/server-process';
import { TcpProxy } from './lib/tcp-proxy';

const KILL_PORT = 3653;
const TERM_PORT = 3654;
const REDIS_SERVER_PORT = 3655;
const REDIS_PROXY_PORT = 3656;

const dirs: string[] = [];
const servers: ServerProcess[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pfc-fault-'));
  dirs.push(dir);
  return dir;
}
async function start(port: number, env: Record<string, string>) {
  const server = await startServer(port, env);
  servers.push(server);
  return server;
}
afterEach(async () => {
  for (const server of servers.splice(0)) await stopServer(server);
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The addresses of `emails` stored in the PGlite database of a stopped server. */
async function storedEmails(dir: string, emails: string[]): Promise<Set<string>> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
  try {
    const rows = await database.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.email, emails));
    return new Set(rows.map((r) => r.email));
  } finally {
    await database.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGKILL during writes on the embedded database', () => {
  it('starts again on the same folder with every acknowledged write', async () => {
    const dir = dataDir();
    const acknowledged: string[] = [];
    for (let round = 0; round < 2; round++) {
      const server = await start(KILL_PORT, { DATA_DIR: dir });
      let flowing = true;
      let n = 0;
      const writers = Array.from({ length: 4 }, async (_, w) => {
        while (flowing) {
          n += 1;
          const email = `kill-${round}-${w}-${n}@example.com`;
          try {
            const res = await subscribe(server.url, email);
            if (res.status === 200) acknowledged.push(email);
            else if (flowing) throw new Error(`write answered ${res.status}`);
          } catch (err) {
            // The process was killed under this request: it was not acknowledged.
            if (flowing) throw err;
          }
        }
      });
      await sleep(1_500);
      flowing = false;
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await Promise.all(writers);
    }
    expect(acknowledged.length).toBeGreaterThan(10);
    const restarted = await start(KILL_PORT, { DATA_DIR: dir });
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    const stored = await storedEmails(dir, acknowledged);
    expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
  }, 180_000);
});

describe('SIGTERM', () => {
  it('answers the request in flight, takes no new one, then exits', async () => {
    const dir = dataDir();
    const server = await start(TERM_PORT, { DATA_DIR: dir });
    const email = 'drained@example.com';
    const body = JSON.stringify({ email, source: 'fault' });
    // A request whose body is still arriving when the signal comes: in flight, not yet handled.
    const socket = net.connect(TERM_PORT, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1:${TERM_PORT}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Forwarded-For: 10.55.0.1\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(300);
    server.child.kill('SIGTERM');
    for (let i = 0; i < 50 && !server.output().includes('shutting down'); i++) await sleep(100);
    expect(server.output()).toContain('shutting down');
    // Closed to new connections while the old one is still served.
    await expect(subscribe(server.url, 'too-late@example.com')).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();
    socket.write(body.slice(10));
    for (let i = 0; i < 100 && !answer.includes('\r\n\r\n'); i++) await sleep(100);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    // Gone soon after its last answer, though the client keeps its connection open.
    const exit = await Promise.race([server.exited, sleep(5_000).then(() => 'still running')]);
    expect(exit).toBe(0);
    await closed;
    expect(await storedEmails(dir, [email, 'too-late@example.com'])).toEqual(new Set([email]));
  }, 120_000);
});

describe('SIGTERM while pages are rendering', () => {
  it('answers every page in flight or queued with its whole page, then exits', async () => {
    // The port stays open while the process drains, so requests still on their way are answered too.
    const server = await start(TERM_PORT, { DATA_DIR: dataDir(), DRAIN_SECONDS: '2' });
    const count = 40;
    const answers = Promise.all(
      Array.from({ length: count }, async (_, i) => {
        // A search of its own: its API answer is in no cache, so the render asks the server for it.
        const res = await fetch(`${server.url}/firms?q=queued-${i}`, {
          headers: { accept: 'text/html', connection: 'close' },
          signal: AbortSignal.timeout(30_000),
        });
        return { i, status: res.status, html: await res.text(), answeredAt: Date.now() };
      }),
    );
    // The signal comes once the server has a few requests (it logs each as it arrives): pages
    // render on the server thread in milliseconds, so waiting for all of them left none to answer.
    const arrived = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"incoming request"') && /\/firms\?q=queued-\d+/.test(line)).length;
    for (let i = 0; i < 500 && arrived() < 4; i++) await sleep(5);
    expect(arrived()).toBeGreaterThanOrEqual(4);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const pages = (await answers).map((p) => ({ ...p, afterSignal: p.answeredAt > signalledAt }));
    // The signal came while pages were still to be answered (else this proves nothing).
    expect(pages.filter((p) => p.afterSignal).length).toBeGreaterThan(count / 4);
    // The directory's own answer (no firm is listed), not the loading placeholders of a failed query.
    const incomplete = pages.filter((p) => p.status !== 200 || !p.html.includes('No Prop Firms Available'));
    expect(incomplete.map((p) => `${p.i}: ${p.status}`)).toEqual([]);
    const exit = await Promise.race([server.exited, sleep(10_000).then(() => 'still running')]);
    expect(exit).toBe(0);
  }, 120_000);
});

/** The machine's Redis (.ci/run starts it); without one, the Redis cases cannot run. */
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect(6379, '127.0.0.1');
  const done = (up: boolean) => {
    socket.destroy();
    resolve(up);
  };
  socket.once('connect', () => done(true)).once('error', () => done(false));
  socket.setTimeout(1_000, () => done(false));
});
// Client addresses new to each run: Redis keeps counters for a minute across runs.
const run = Math.floor(Math.random() * 200);

describe.skipIf(!redisUp)('Redis gone', () => {
  const proxy = new TcpProxy({ host: '127.0.0.1', port: 6379 }, REDIS_PROXY_PORT);
  afterAll(() => proxy.close());

  /** `count` subscriptions from one client address: the newsletter allows 5 a minute per address. */
  async function fromOneAddress(url: string, ip: string, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = Date.now();
      const res = await fetch(`${url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { origin: url, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: `redis-${ip}-${Date.now()}-${i}@example.com`, source: 'fault' }),
        signal: AbortSignal.timeout(10_000),
      });
      // Never held up waiting for Redis: its commands time out after a second (lib/redis.ts).
      expect(Date.now() - started).toBeLessThan(3_000);
      statuses.push(res.status);
    }
    return statuses;
  }

  it('starts and serves with limits in the process when Redis is not there, and logs it', async () => {
    const server = await start(REDIS_SERVER_PORT, {
      DATA_DIR: dataDir(),
      REDIS_URL: `redis://127.0.0.1:${REDIS_PROXY_PORT}`,
    });
    expect((await fetch(`${server.url}/api/firms`)).status).toBe(200);
    expect(await fromOneAddress(server.url, `10.44.${run}.1`, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(server.output()).toContain('Redis unavailable');
  }, 120_000);

  it('keeps serving when Redis goes away, with limits in the process, and shares them again when it is back', async () => {
    await proxy.restore();
    const server = await start(REDIS_SERVER_PORT, {
      DATA_DIR: dataDir(),
      REDIS_URL: `redis://127.0.0.1:${REDIS_PROXY_PORT}`,
    });
    expect(server.output()).not.toContain('Redis unavailable');
    expect(await fromOneAddress(server.url, `10.45.${run}.1`, 2)).toEqual([200, 200]);
    await proxy.cut();
    expect(await fromOneAddress(server.url, `10.46.${run}.1`, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(server.output()).toContain('Redis unavailable');
    await proxy.restore();
    for (let i = 0; i < 100 && !server.output().includes('Redis reachable again'); i++) await sleep(100);
    expect(server.output()).toContain('Redis reachable again');
    // Counted in Redis again: 2 before the outage + 3 now reach the limit of 5 for this address.
    expect(await fromOneAddress(server.url, `10.45.${run}.1`, 4)).toEqual([200, 200, 200, 429]);
  }, 120_000);
});
