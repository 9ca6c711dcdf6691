// The embedded database on a thread of its own (decision 0062): PGlite runs here, and the server
// thread sends each query as a message (src/server/db/pglite-thread.ts). Plain JavaScript: a worker
// thread does not get the server's TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const asText = (value) => value;
// What drizzle-orm's PGlite driver asks for: dates, times and intervals as PostgreSQL's text.
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** The fields of a PostgreSQL error that callers read (a message does not carry its own). */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'schema',
  'table',
  'column',
  'constraint',
  'where',
];
const errorOf = (err) => {
  const out = { message: err instanceof Error ? err.message : String(err) };
  for (const field of ERROR_FIELDS) if (err && typeof err[field] === 'string') out[field] = err[field];
  return out;
};

const ROLLBACK = Symbol('rollback');
/** Open transactions by the server thread's id: PGlite's transaction handle and how to end it. */
const transactions = new Map();

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
      if (!target) throw new Error('query in a transaction that has ended');
      const result = await target.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'begin': {
      let begun;
      const opened = new Promise((resolve) => {
        begun = resolve;
      });
      const done = db.transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            transactions.set(message.tx, { tx, resolve, reject });
            begun();
          }),
      );
      // A transaction that fails to begin fails here; one that began waits for its end message.
      await Promise.race([opened, done]);
      transactions.get(message.tx).done = done;
      return null;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      transactions.delete(message.tx);
      if (!open) throw new Error('no such transaction');
      if (message.commit) open.resolve();
      else open.reject(ROLLBACK);
      try {
        await open.done;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

let db;
try {
  db = await PGlite.create(workerData.dataDir, {
    extensions: { pg_trgm },
    loadDataDir: workerData.loadDataDir,
  });
  parentPort.postMessage({ id: 0, result: null });
} catch (err) {
  parentPort.postMessage({ id: 0, error: errorOf(err) });
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (err) => parentPort.postMessage({ id: message.id, error: errorOf(err) }),
  );
});
