import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pfc-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('stops at start naming every bad variable', async () => {
    const run = startMain({ PORT: 'not-a-port', DATABASE_URL: 'mysql://x' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT');
    expect(run.output()).toContain('DATABASE_URL');
  });

  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    const port = 3390 + Math.floor(Math.random() * 9);
    const run = startMain({ PORT: String(port) });
    await waitFor(() => run.output().includes('Server listening'), 100_000);
    // A request in flight while the signal arrives must still get its answer.
    const inFlight = new Promise<number>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/`, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
    // Signal once the server has received the request (its log line), not before: a request
    // that arrives after closing has begun is rightly answered 503.
    await waitFor(() => run.output().includes('incoming request'), 10_000);
    run.child.kill('SIGTERM');
    expect(await inFlight).toBe(200);
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down');
  }, 120_000);
});
