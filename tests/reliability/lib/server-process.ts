import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * The production server as a separate process (`node --no-memory-reducer --import tsx
 * src/server/main.ts`, as `npm start` runs it), for fault and topology tests that kill it, restart
 * it or take its services away. Its output is kept for assertions on its logs.
 */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (pino JSON lines and anything else). */
  output: () => string;
  /** Resolves with the exit code, or the signal's name. */
  exited: Promise<number | string>;
}

export const ADMIN_PASSWORD = 'Admin-Password-123';

export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  // The command `npm start` runs (package.json), flags included.
  const child = spawn(process.execPath, ['--no-memory-reducer', '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD,
      AUTH_SECRET: 'fault-test-secret-fault-test-secret-0123',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      // Each write comes from its own client address, so per-address limits do not refuse it.
      TRUST_PROXY: 'true',
      // No balancer to drain from: the port closes at the signal (decision 0047).
      DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output: () => output, exited };
}

/** Stops a server this test started, by its own handle; waits for it to be gone. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  // PFC_TEST_LOG=1 shows what each server printed, as for the test apps (tests/setup/test-app.ts).
  if (server && process.env.PFC_TEST_LOG) console.log(`server ${server.url}:\n${server.output()}`);
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

let clientCounter = 0;

/** A new newsletter subscription from a new client address; resolves with the answer's status. */
export async function subscribe(
  url: string,
  email: string,
  signal?: AbortSignal,
): Promise<{ status: number; retryAfter: string | null }> {
  clientCounter += 1;
  const res = await fetch(`${url}/api/newsletter/subscribe`, {
    method: 'POST',
    headers: {
      origin: url,
      'content-type': 'application/json',
      'x-forwarded-for': `10.66.${(clientCounter >> 8) & 255}.${clientCounter & 255}`,
    },
    body: JSON.stringify({ email, source: 'fault' }),
    signal: signal ?? AbortSignal.timeout(15_000),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get('retry-after') };
}
