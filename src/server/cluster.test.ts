import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` with WEB_CONCURRENCY=2 on PostgreSQL and Redis, as production runs it: two server
 * processes share the port (connections alternate between them). PostgreSQL and Redis only, and
 * the production build (`npm test` makes it first).
 */
const url = process.env.TEST_DATABASE_URL;
const redis = process.env.REDIS_URL;
const PORT = 3297;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Cluster-Admin-Password-1';

/** One request on a new connection, so the cluster hands it to the next process. */
function request(
  method: string,
  pathname: string,
  options: { cookie?: string; body?: object } = {},
): Promise<{ status: number; body: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const req = http.request(
      `${ORIGIN}${pathname}`,
      {
        method,
        agent: false,
        headers: {
          origin: ORIGIN,
          connection: 'close',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, cookies: [res.headers['set-cookie'] ?? []].flat() }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.runIf(url && redis)('two server processes on one port (WEB_CONCURRENCY=2)', () => {
  let child: ChildProcess;
  let dataDir: string;
  const database = `pfc_cluster_${process.pid}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const dbUrl = new URL(url as string);
    dbUrl.pathname = `/${database}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'pfc-cluster-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: ORIGIN,
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: redis,
        WEB_CONCURRENCY: '2',
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 240; i++) {
      // Ready when both processes answer: four connections in a row all get through.
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() => request('GET', '/readyz').catch(() => ({ status: 0 }))),
      );
      if (answers.every((a) => a.status === 200)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('runs two server processes under the primary', () => {
    // Children running the server (tsx may start a helper process of its own beside them).
    const workers = execFileSync('pgrep', ['-P', String(child.pid), '-f', 'src/server/main.ts'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    expect(workers).toHaveLength(2);
  });

  it('a session made on one process is valid on the other', async () => {
    const login = await request('POST', '/api/auth/sign-in/email', {
      body: { email: 'admin@propfirmclub.test', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ');
    const answers = await Promise.all([0, 1, 2, 3].map(() => request('GET', '/api/auth/user', { cookie })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });

  it("an admin's change on one process is in the other's answers within a second", async () => {
    const login = await request('POST', '/api/auth/sign-in/email', {
      body: { email: 'admin@propfirmclub.test', password: PASSWORD },
    });
    const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ');
    // Both processes cache the list first.
    for (let i = 0; i < 4; i++) expect((await request('GET', '/api/quick-updates')).status).toBe(200);
    const title = `Cluster update ${Date.now()}`;
    const created = await request('POST', '/api/admin/quick-updates', {
      cookie,
      body: { title, content: 'Seen by every process.', published: true },
    });
    expect(created.status, created.body).toBe(201);
    const started = Date.now();
    let seenByAll = false;
    while (!seenByAll && Date.now() - started < 1000) {
      const answers = await Promise.all([0, 1, 2, 3].map(() => request('GET', '/api/quick-updates')));
      seenByAll = answers.every((a) => a.body.includes(title));
    }
    expect(seenByAll).toBe(true);
  });

  it('stops every process on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(request('GET', '/readyz')).rejects.toThrow();
  }, 30_000);
});
