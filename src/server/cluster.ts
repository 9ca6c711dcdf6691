import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/** A process that dies within this long of its start is not restarted in a loop. */
const CRASH_LOOP_MS = 5000;

/**
 * The primary process with WEB_CONCURRENCY above 1 (decision 0033): it has prepared the database,
 * then starts that many server processes sharing the port, restarts one that dies, and on SIGTERM
 * or SIGINT passes the signal on and waits for every process to drain (DRAIN_SECONDS, main.ts) and
 * finish its in-flight requests; the shared port closes when the last one has closed it.
 */
export function runPrimary(processes: number, log: FastifyBaseLogger): void {
  let stopping = false;
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());
  for (let i = 0; i < processes; i++) fork();
  log.info({ processes }, 'server processes started');

  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process stopped');
    if (Date.now() - since < CRASH_LOOP_MS) {
      log.fatal('a server process stopped right after starting: not restarting it');
      if (started.size === 0) process.exit(1);
      return;
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the server processes');
    for (const worker of started.keys()) worker.process.kill(signal);
    if (started.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
