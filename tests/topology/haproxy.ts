import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** HAProxy run with the configuration the project ships (deploy/haproxy.cfg), in the foreground. */
export interface Balancer {
  url: string;
  /** The state of each app server as HAProxy sees it (`UP`, `DOWN`, `MAINT`, ...), by server name. */
  serverStates(): Promise<Record<string, string>>;
  output(): string;
  stop(): Promise<void>;
}

export async function startBalancer(options: {
  port: number;
  statsPort: number;
  servers: { a: string; b: string };
}): Promise<Balancer> {
  const child: ChildProcess = spawn('haproxy', ['-f', 'deploy/haproxy.cfg', '-db'], {
    env: {
      PATH: process.env.PATH,
      LB_BIND: `127.0.0.1:${options.port}`,
      LB_STATS_BIND: `127.0.0.1:${options.statsPort}`,
      APP_A: options.servers.a,
      APP_B: options.servers.b,
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
  const exited = once(child, 'exit');
  const serverStates = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${options.statsPort}/stats;csv`)).text();
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [proxy, server, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
    return Object.fromEntries(
      rows
        .map((row) => row.split(','))
        .filter((cells) => cells[proxy] === 'app' && cells[server] !== 'BACKEND')
        .map((cells) => [cells[server], cells[status]]),
    );
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    try {
      await serverStates();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`haproxy not listening after 10 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    serverStates,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
