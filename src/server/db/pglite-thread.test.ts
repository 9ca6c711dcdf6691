import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/error-handler';
import { openDatabase } from './client';
import { PgliteThread } from './pglite-thread';

describe('the embedded database on its own thread', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.open();
    await thread.query('create table items (id int primary key, name text not null, at timestamptz)');
  });
  afterAll(() => thread.close());

  it('answers rows as objects or arrays, with dates as PostgreSQL writes them', async () => {
    await thread.query('insert into items values ($1, $2, $3)', [1, 'one', '2026-01-02T03:04:05Z']);
    const objects = await thread.query('select id, name, at from items where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one', at: '2026-01-02 03:04:05+00' }]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'name', 'at']);
    const arrays = await thread.query('select id, name from items where id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
  });

  it("passes PostgreSQL's error fields on, as a unique violation's code and constraint", async () => {
    await thread.query('insert into items values (2, $1)', ['two']);
    const err = await thread.query('insert into items values (2, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'items_pkey' });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('insert into items values (3, $1)', ['three']);
    });
    const failed = await thread
      .transaction(async (tx) => {
        await tx.query('insert into items values (4, $1)', ['four']);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('changed my mind');
    const { rows } = await thread.query('select id from items where id in (3, 4) order by id');
    expect(rows).toEqual([{ id: 3 }]);
  });

  it('makes a query from outside wait for an open transaction, then see what it committed', async () => {
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query('insert into items values (5, $1)', ['five']);
      outside = thread.query('select name from items where id = 5');
      await new Promise((r) => setTimeout(r, 20));
      await tx.query("update items set name = 'five, renamed' where id = 5");
    });
    expect(await outside).toMatchObject({ rows: [{ name: 'five, renamed' }] });
  });

  it('keeps the server thread free while the database works', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await thread.query('select count(*) from generate_series(1, 3000000)');
    clearInterval(timer);
    // Timers ran while the query did: the work was not on this thread.
    expect(ticks).toBeGreaterThan(5);
  });
});

it('opens a database in a folder, and after the thread is gone answers as unavailable', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pfc-thread-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    await database.db.execute('create table kept (n int)');
    await database.db.execute('insert into kept values (7)');
    await database.close();
    const again = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    expect(await again.db.execute('select n from kept')).toMatchObject({ rows: [{ n: 7 }] });
    await again.close();
    const err = await again.ping().catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
