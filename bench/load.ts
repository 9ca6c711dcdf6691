/**
 * Load test (`npm run load`; not in CI: it takes a minute and the whole machine): autocannon at
 * LOAD_CONNECTIONS (100) connections for LOAD_SECONDS (60) on a mix of pages (cached and rendered
 * afresh), API reads and writes, against a production server. It reports 5xx, connection errors
 * and timeouts, 429s (rate limits doing their job) and latency; it exits 1 on any 5xx, error or
 * timeout. With LOAD_URL it loads that server (writes then come from one address, so most are
 * 429s); without it, it starts one on the demo data in a fresh folder, behind a trusted proxy
 * header so each write comes from its own address, and stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_ARGS, waitUntilReady } from './server-command';

const PORT = 3640;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const OWN_SERVER = !process.env.LOAD_URL;
const BASE = (process.env.LOAD_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, '');
/** Looks like a session cookie: the server skips its page cache for it and renders afresh. */
const UNCACHED = { cookie: 'pfc.session_token=load-not-a-session' };

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return waitUntilReady(BASE, child);
}

interface Mix {
  name: string;
  weight: number;
  request: () => { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pfc-load-'));
  const server = OWN_SERVER ? await startServer(dataDir) : undefined;
  try {
    const firms = (
      (await (await fetch(`${BASE}/api/firms?pageSize=50`)).json()) as { firms: { slug: string }[] }
    ).firms;
    const coupons = (await (await fetch(`${BASE}/api/coupons`)).json()) as { id: number }[];
    if (!firms.length || !coupons.length) throw new Error('the server has no firms or coupons to load');
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
    let writes = 0;
    const json = (body: unknown) => ({
      method: 'POST' as const,
      headers: {
        origin: BASE,
        'content-type': 'application/json',
        // Each write from its own client address when the server trusts the header (our own).
        'x-forwarded-for': `10.${(writes >> 16) & 255}.${(writes >> 8) & 255}.${writes & 255}`,
      },
      body: JSON.stringify(body),
    });
    const mix: Mix[] = [
      { name: 'home (cached)', weight: 8, request: () => ({ path: '/' }) },
      { name: 'directory (cached)', weight: 8, request: () => ({ path: '/firms' }) },
      { name: 'firm page (cached)', weight: 10, request: () => ({ path: `/firm/${pick(firms).slug}` }) },
      {
        name: 'firm page (rendered)',
        weight: 6,
        request: () => ({ path: `/firm/${pick(firms).slug}?tab=reviews`, headers: UNCACHED }),
      },
      {
        name: 'coupons, blog, challenges',
        weight: 8,
        request: () => ({ path: pick(['/coupons', '/blog', '/challenges']) }),
      },
      { name: 'API firms', weight: 15, request: () => ({ path: '/api/firms' }) },
      {
        name: 'API search',
        weight: 10,
        request: () => ({ path: `/api/firms?q=${encodeURIComponent(pick(firms).slug.slice(0, 4))}` }),
      },
      {
        name: 'API firm details',
        weight: 10,
        request: () => ({ path: `/api/firms/${pick(firms).slug}/details` }),
      },
      { name: 'API coupons', weight: 10, request: () => ({ path: '/api/coupons' }) },
      {
        name: 'write: newsletter',
        weight: 8,
        request: () => {
          writes += 1;
          return {
            path: '/api/newsletter/subscribe',
            ...json({ email: `load-${Date.now()}-${writes}@example.com`, source: 'load' }),
          };
        },
      },
      {
        name: 'write: coupon use',
        weight: 7,
        request: () => {
          writes += 1;
          return { path: `/api/coupons/${pick(coupons).id}/use`, ...json({}) };
        },
      },
    ];
    const total = mix.reduce((sum, m) => sum + m.weight, 0);
    const next = () => {
      let r = Math.random() * total;
      for (const m of mix) {
        r -= m.weight;
        if (r < 0) return m.request();
      }
      return mix[0].request();
    };

    console.log(
      `load: ${CONNECTIONS} connections for ${SECONDS} s on ${BASE} (${OWN_SERVER ? 'own server, demo data' : 'LOAD_URL'})\nmix: ${mix.map((m) => `${m.name} ${Math.round((m.weight / total) * 100)}%`).join(', ')}`,
    );
    const result = await autocannon({
      url: BASE,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
    });
    const codes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count]),
    );
    console.log(`requests: ${result.requests.total} (${Math.round(result.requests.average)}/s average)`);
    console.log(`status codes: ${JSON.stringify(codes)}`);
    console.log(`5xx: ${result['5xx']}, connection errors: ${result.errors}, timeouts: ${result.timeouts}`);
    console.log(
      `latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`,
    );
    if (result['5xx'] > 0 || result.errors > 0 || result.timeouts > 0) process.exitCode = 1;
  } finally {
    if (server) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
