import type { ChildProcess } from 'node:child_process';
/**
 * How `npm start` runs the production server (package.json's `start`, which must say the same), so
 * the bench and the load test measure the process visitors meet. `--no-memory-reducer`: decision 0039.
 */
export const SERVER_ARGS = ['--no-memory-reducer', '--import', 'tsx', 'src/server/main.ts'];

/** Waits for `base`'s /readyz (two minutes at most); kills the child and throws when it never comes. */
export async function waitUntilReady(base: string, child: ChildProcess): Promise<ChildProcess> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

/** Stops a server the way a deploy does (SIGTERM) and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Signs the admin in through the API and returns the session cookie to send. */
export async function signInAdmin(base: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`admin sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}
