/**
 * Production's shape on one machine (`npm run test:topology`, not part of `npm test`): HAProxy with
 * the shipped deploy/haproxy.cfg in front of two app servers, each a separate process of the
 * production build, on one fresh PostgreSQL database, one Redis and one S3-compatible server.
 * What one node does the other sees, and a rolling restart under load drops nothing.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyFirm, emptyFundingModel, type FirmInput } from '../../src/domain/admin-firms';
import {
  ADMIN_PASSWORD,
  type ServerProcess,
  startServer,
  stopServer,
} from '../reliability/lib/server-process';
import { multipartFile } from '../setup/multipart';
import { type S3Server, startS3Server } from '../setup/s3-server';
import { type Balancer, startBalancer } from './haproxy';

const BALANCER_PORT = 3680;
const STATS_PORT = 3681;
const NODE_PORTS = { a: 3682, b: 3683 };
const S3_PORT = 3684;

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const database = `pfc_topology_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const origin = `http://127.0.0.1:${BALANCER_PORT}`;
/** This run's own loopback addresses (clients of the balancer) and Redis keys. */
const run = 1 + Math.floor(Math.random() * 200);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * One request read to its end. `from`: the loopback address the connection comes from (the
 * balancer passes it on in X-Forwarded-For); without an agent, a connection of its own.
 */
function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    from?: string;
    agent?: http.Agent;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { origin, ...options.headers },
        agent: options.agent ?? false,
        localAddress: options.from,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString() });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let s3: S3Server;
let balancer: Balancer;
const nodes: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined };
const dataDirs: string[] = [];

/** An app server as production runs it, behind the balancer, sharing everything but its folder. */
async function startNode(name: 'a' | 'b') {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pfc-topology-${name}-`));
  dataDirs.push(dataDir);
  nodes[name] = await startServer(NODE_PORTS[name], {
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `pfc-topology-${run}`,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    WEB_CONCURRENCY: '1',
    // The default drain, which deploy/haproxy.cfg's health check is set for.
    DRAIN_SECONDS: '5',
    LOG_LEVEL: 'warn',
  });
}

/** Waits until the balancer's health checks see each named node as `state`. */
async function waitForBalancer(state: 'UP', names: ('a' | 'b')[]) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = await balancer.serverStates();
    if (names.every((n) => states[n] === state)) return;
    if (Date.now() > deadline) throw new Error(`balancer sees ${JSON.stringify(states)}`);
    await sleep(100);
  }
}

const direct = (name: 'a' | 'b') => `http://127.0.0.1:${NODE_PORTS[name]}`;

async function signIn(base: string): Promise<string> {
  const res = await send(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    ...json({ email: 'admin@propfirmclub.test', password: ADMIN_PASSWORD }),
  });
  expect(res.status, res.text).toBe(200);
  return [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function firmInput(slug: string, name: string): FirmInput {
  return {
    ...emptyFirm(),
    slug,
    name,
    trustRating: 'approved',
    fundingModels: [
      {
        ...emptyFundingModel(),
        name: 'Two-Step',
        profitSplit: 80,
        accounts: [
          {
            capital: 50_000,
            price: 299,
            pricingType: 'one-time',
            maxContracts: null,
            activationFee: null,
            resetPrice: null,
            disclaimer: null,
          },
        ],
      },
    ],
  };
}

beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${database}`);
  s3 = await startS3Server({ port: S3_PORT });
  balancer = await startBalancer({
    port: BALANCER_PORT,
    statsPort: STATS_PORT,
    servers: { a: `127.0.0.1:${NODE_PORTS.a}`, b: `127.0.0.1:${NODE_PORTS.b}` },
  });
  // One after the other: the first one migrates the empty database.
  await startNode('a');
  await startNode('b');
  await waitForBalancer('UP', ['a', 'b']);
}, 300_000);

afterAll(async () => {
  if (process.env.PFC_TEST_LOG) console.log(`haproxy:\n${balancer?.output()}`);
  await stopServer(nodes.a);
  await stopServer(nodes.b);
  await balancer?.stop();
  await s3?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}, 60_000);

describe('two app servers behind the shipped balancer', () => {
  it('an image uploaded through node A is served by node B and the balancer', async () => {
    const cookie = await signIn(direct('a'));
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const upload = multipartFile({ name: 'logo.png', type: 'image/png', body: png });
    const res = await send(`${direct('a')}/api/admin/uploads`, {
      method: 'POST',
      headers: { cookie, ...upload.headers },
      body: upload.payload,
    });
    expect(res.status, res.text).toBe(201);
    const { url } = JSON.parse(res.text) as { url: string };
    expect(url).toMatch(/^\/uploads\//);
    const fromA = await send(`${direct('a')}${url}`);
    const fromB = await send(`${direct('b')}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect((await sharp(fromB.body).metadata()).width).toBe(64);
    expect((await send(`${origin}${url}`)).body.equals(fromA.body)).toBe(true);
  });

  /** Asks `url` until its answer holds `text`, for at most a second. */
  const seenBy = async (url: string, text: string) => {
    const deadline = Date.now() + 1_000;
    let answer = '';
    while (!answer.includes(text) && Date.now() < deadline) answer = (await send(url)).text;
    expect(answer).toContain(text);
  };

  it('a firm saved on node A is shown by node B at once, in the API and the page', async () => {
    const cookie = await signIn(direct('a'));
    const slug = `topology-firm-${run}`;
    const created = await send(`${direct('a')}/api/admin/firms`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(firmInput(slug, 'Topology Firm')),
    });
    expect(created.status, created.text).toBe(201);
    const { id, version } = JSON.parse(created.text) as { id: number; version: number };
    // B hears of the new firm through Redis, give or take a moment, as it hears of the save below.
    await seenBy(`${direct('b')}/api/firms/${slug}/details`, 'Topology Firm');
    // B has the firm's answers cached (each is stored from its second request).
    for (let i = 0; i < 3; i++) {
      expect((await send(`${direct('b')}/api/firms/${slug}/details`)).text).toContain('Topology Firm');
      expect((await send(`${direct('b')}/firm/${slug}`)).text).toContain('Topology Firm');
    }
    expect((await send(`${direct('b')}/api/firms/${slug}/details`)).headers['x-cache']).toBe('hit');

    const saved = await send(`${direct('a')}/api/admin/firms/${id}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ version, firm: firmInput(slug, 'Topology Firm Renamed') }),
    });
    expect(saved.status, saved.text).toBe(200);
    // At once: the change event reaches B through Redis before the next request, give or take a moment.
    await seenBy(`${direct('b')}/api/firms/${slug}/details`, 'Topology Firm Renamed');
    expect((await send(`${direct('b')}/firm/${slug}`)).text).toContain('Topology Firm Renamed');
  });

  it('a session made on node A works on node B and through the balancer', async () => {
    const cookie = await signIn(direct('a'));
    for (const base of [direct('b'), origin, origin]) {
      const res = await send(`${base}/api/auth/user`, { headers: { cookie } });
      expect(res.status, base).toBe(200);
      expect(JSON.parse(res.text).email).toBe('admin@propfirmclub.test');
    }
  });

  it('a rate limit counts requests to both nodes', async () => {
    const contact = (base: string, extra: { headers?: Record<string, string>; from?: string }) =>
      send(`${base}/api/contact`, {
        method: 'POST',
        from: extra.from,
        headers: { 'content-type': 'application/json', ...extra.headers },
        body: JSON.stringify({
          name: 'Ana',
          email: 'ana@example.com',
          topic: 'General question',
          message: 'Hello there, a question about listings.',
        }),
      });
    // Straight at the nodes, one client address (as the balancer forwards it): A, B, A, then B refuses.
    const ip = { headers: { 'x-forwarded-for': `10.${run}.0.1` } };
    const statuses = [];
    for (const name of ['a', 'b', 'a', 'b'] as const) statuses.push((await contact(direct(name), ip)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Through the balancer (round robin over both), from one loopback address.
    const from = { from: `127.${run}.0.2` };
    const viaBalancer = [];
    for (let i = 0; i < 4; i++) viaBalancer.push((await contact(origin, from)).status);
    expect(viaBalancer).toEqual([201, 201, 201, 429]);
  });

  it('a rolling restart under load (SIGTERM A, start it, then B) fails no request and loses no write', async () => {
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let requests = 0;
    let writes = 0;
    let loading = true;
    // Pages and answers of every kind this test's data has (a firm's of the test above included).
    const pages = ['/', '/firms', '/coupons', '/blog'];
    const apis = ['/api/firms', '/api/firms/stats', '/api/coupons', '/api/hero-stats'];
    // 20 clients, each on a keep-alive connection of its own; each sign-up comes from a new address
    // (the newsletter allows 5 a minute per address) on a connection of its own.
    const clients = Array.from({ length: 20 }, async (_, c) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; loading; n++) {
        requests += 1;
        const kind = (c + n) % 3;
        let label = '';
        try {
          if (kind === 2) {
            writes += 1;
            const email = `rolling-${run}-${c}-${n}@example.com`;
            label = `POST subscribe ${email}`;
            const res = await send(`${origin}/api/newsletter/subscribe`, {
              method: 'POST',
              from: `127.${run}.${1 + (writes >> 8)}.${writes & 255}`,
              ...json({ email, source: 'topology' }),
            });
            if (res.status === 200) acknowledged.push(email);
            else failures.push(`${label}: ${res.status} ${res.text.slice(0, 100)}`);
          } else {
            const list = kind === 0 ? pages : apis;
            label = `GET ${list[n % list.length]}`;
            const res = await send(`${origin}${list[n % list.length]}`, { agent });
            if (res.status !== 200) failures.push(`${label}: ${res.status}`);
          }
        } catch (err) {
          failures.push(`${label}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
        }
      }
      agent.destroy();
    });

    await sleep(2_000);
    for (const name of ['a', 'b'] as const) {
      const node = nodes[name] as ServerProcess;
      node.child.kill('SIGTERM');
      expect(await node.exited).toBe(0);
      await startNode(name);
      await waitForBalancer('UP', ['a', 'b']);
    }
    await sleep(2_000);
    loading = false;
    await Promise.all(clients);

    console.log(`rolling restart: ${requests} requests, ${acknowledged.length} acknowledged writes`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    expect(acknowledged.length).toBeGreaterThan(20);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>(
        'select email from newsletter_subscribers where email = any($1)',
        [acknowledged],
      );
      const stored = new Set(rows.map((r) => r.email));
      expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 400_000);
});
