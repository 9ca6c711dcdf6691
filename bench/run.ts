/**
 * `npm run bench`: throughput and latency of the production server against a bare Node `http`
 * server that serves the same bytes, measured in one run and printed as ratios, plus the
 * first-load JavaScript of pages in KB gzip. Not a test: nothing here passes or fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const PORT = 3300;
const BARE_PORT = 3301;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
// A cookie that looks like a session: the server skips its anonymous cache and renders afresh.
const UNCACHED = { cookie: 'pfc.session_token=bench-not-a-session' };

interface Result {
  rps: number;
  p50: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function startServer(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pfc-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become ready');
}

async function bareServer(body: Buffer, contentType: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(BARE_PORT, '127.0.0.1', r));
  return server;
}

async function compare(name: string, urlPath: string) {
  const url = `${BASE}${urlPath}`;
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  const bare = await bareServer(body, res.headers.get('content-type') ?? 'text/html');
  await load(url, {}); // warm the cache and the JIT
  const baseline = await load(`http://127.0.0.1:${BARE_PORT}${urlPath}`);
  const cached = await load(url);
  const uncached = await load(url, UNCACHED);
  bare.close();
  const row = (label: string, r: Result) =>
    `  ${label.padEnd(10)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  ratio ${(r.rps / baseline.rps).toFixed(2)}x`;
  console.log(`\n${name} (${urlPath}, ${(body.length / 1024).toFixed(1)} KB)`);
  console.log(row('bare node', baseline));
  console.log(row('cached', cached));
  console.log(row('uncached', uncached));
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** JavaScript a first visit downloads: the entry, its static imports, and the page's chunk with its imports. */
function firstLoadKb(pageModule: string): number {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit('src/web/entry-client.tsx');
  visit(pageModule);
  let total = 0;
  for (const file of files)
    total += gzipSync(readFileSync(path.join('dist/client', file)), { level: 9 }).length;
  return total / 1024;
}

const { child, dataDir } = await startServer();
try {
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per measurement, on ${BASE}`);
  await compare('Home page', '/');
  await compare('Firms API', '/api/firms');
  console.log('\nFirst-load JavaScript (gzip, goal <= 110 KB)');
  for (const [label, mod] of [
    ['home', 'src/web/pages/home-page.tsx'],
    ['/firms', 'src/web/pages/firms-page.tsx'],
    ['/firm/{slug}', 'src/web/pages/firm-page.tsx'],
  ]) {
    console.log(`  ${label.padEnd(14)} ${firstLoadKb(mod).toFixed(1)} KB`);
  }
} finally {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
