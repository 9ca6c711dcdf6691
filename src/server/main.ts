import cluster from 'node:cluster';
import net from 'node:net';
import { type App, buildApp } from './app';
import { runPrimary } from './cluster';
import type { Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { openDatabaseFromEnv } from './db/open-from-env';
import { seedIfEmpty } from './db/seed/seed-if-empty';
import { loadEnv } from './env';
import { ensureDemoAdmin } from './modules/accounts/service';
import { ensureDemoRepresentative } from './modules/firm-claims/service';

const env = loadEnv();
const pages = env.NODE_ENV === 'development' ? 'development' : 'production';

/** Migrations, demo data and the demo admin: done once, before any process serves. */
async function prepare(app: App, database: Database) {
  if (env.SEED_DEMO_DATA) await seedIfEmpty(database, env, app.log);
  if (env.SEED_DEMO_DATA || env.ADMIN_PASSWORD) await ensureDemoAdmin(app.auth, database.db, env, app.log);
  if (env.SEED_DEMO_DATA) await ensureDemoRepresentative(app.auth, database.db, env, app.log);
}

/** How long in-flight requests may run after SIGTERM (orchestrators commonly kill at 30 s). */
const SHUTDOWN_GRACE_MS = 20_000;
/**
 * The drain's last moments, when answers keep their connection again: clients still sending here
 * (no balancer took them elsewhere) then wait on open connections, not in the kernel's queue of new
 * ones, which closing the port resets.
 */
const SETTLE_MS = 1_000;
/**
 * How long connections left open when the port closes may still bring a request before idle ones
 * are closed: a client that sent its request just before the port closed gets its answer, not a reset.
 */
const LINGER_MS = 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Serves on the port until SIGTERM or SIGINT, then drains, finishes in-flight requests and exits. */
async function serve(app: App, database: Database) {
  let closing = false;
  /** The read models' first build, which reads the database: it must end before the database closes. */
  let warming: Promise<void> = Promise.resolve();
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    // The drain (decision 0047): not ready, still answering, each answer closing its connection, so
    // the balancer moves traffic away before the port closes. Ctrl-C (SIGINT) stops at once.
    app.drain.notReady = true;
    const drainMs = signal === 'SIGTERM' ? env.DRAIN_SECONDS * 1000 : 0;
    if (drainMs > 0) {
      app.log.info({ signal, seconds: env.DRAIN_SECONDS }, 'shutting down: draining (readyz 503)');
      const settleMs = Math.min(SETTLE_MS, drainMs / 4);
      app.drain.closeConnections = true;
      await sleep(drainMs - settleMs);
      app.drain.closeConnections = false;
      await sleep(settleMs);
    }
    app.drain.closeConnections = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A connection whose request is still in flight would stay open after its answer (keep-alive)
    // and hold the exit until the client leaves: each is closed as soon as it is idle, and after
    // SHUTDOWN_GRACE_MS whatever is left. After a drain, idle ones are first given LINGER_MS: the
    // clients still here are busy on them (the drain's last moments kept them open).
    let sweep: NodeJS.Timeout | undefined;
    const sweepIdle = () => {
      app.server.closeIdleConnections();
      sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    };
    const linger = drainMs > 0 ? setTimeout(sweepIdle, LINGER_MS) : undefined;
    const deadline = setTimeout(() => {
      app.log.warn('shutdown: requests still running after the grace period were cut');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      // Every request is answered before Fastify closes: once closing, Fastify refuses in-process
      // requests (app.inject), which a page's render makes for its data. So the port stops taking
      // connections first, and Fastify closes (jobs, Redis) when the last connection has ended.
      // net.Server's close, not http.Server's, which closes idle connections at once: connections
      // just accepted whose request is not read yet among them, which their clients would see reset.
      await new Promise<void>((resolve) => {
        net.Server.prototype.close.call(app.server, () => resolve());
        if (drainMs === 0) sweepIdle();
      });
      await app.close();
      clearTimeout(linger);
      clearInterval(sweep);
      clearTimeout(deadline);
      // Closing the embedded database under a running query aborts the process.
      await warming;
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: env.HOST, port: env.PORT });
  // Built now rather than by the first visitors' requests.
  warming = app.readModels.warm(app.log);
  await warming;
}

const database = await openDatabaseFromEnv(env);
if (cluster.isWorker) {
  // One of WEB_CONCURRENCY processes (cluster.ts): the primary has prepared the database.
  await serve(await buildApp({ env, database, pages }), database);
} else if (env.WEB_CONCURRENCY > 1) {
  await migrateDatabase(database);
  const app = await buildApp({ env, database, pages: 'none' });
  await prepare(app, database);
  await app.close();
  await database.close();
  runPrimary(env.WEB_CONCURRENCY, app.log);
} else {
  await migrateDatabase(database);
  const app = await buildApp({ env, database, pages });
  await prepare(app, database);
  await serve(app, database);
}
