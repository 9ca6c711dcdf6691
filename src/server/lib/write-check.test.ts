import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '../../../tests/setup/test-app';
import { READ_TABLES, tablesWrittenBy, UNREAD_TABLES } from '../../../tests/setup/write-check';
import * as schema from '../db/schema';
import { propFirms } from '../db/schema';

describe("the test apps' check that a write publishes its changes", () => {
  it('fails the app whose route wrote a firm and published nothing, and passes the others', async () => {
    const ctx = await createTestApp(
      {},
      {
        routes: (app) => {
          const db = app.database.db;
          app.post('/api/test/rename', async () => {
            await app.changes.commit(db, async (tx) => {
              await tx.update(propFirms).set({ name: 'Renamed' });
              return { changes: [{ type: 'firm.updated' }] };
            });
            return { ok: true };
          });
          app.post('/api/test/rename-refused', async (_request, reply) => {
            const refused = await db
              .transaction(async (tx) => {
                await tx.update(propFirms).set({ name: 'Never Renamed' });
                throw new Error('refused');
              })
              .catch(() => true);
            return reply.send({ refused });
          });
        },
      },
    );
    const post = (url: string) => ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN } });
    // A committed write with its change, and a rolled back write without one, pass.
    expect((await post('/api/test/rename')).statusCode).toBe(200);
    expect((await post('/api/test/rename-refused')).json()).toEqual({ refused: true });
    await expect(ctx.close()).resolves.toBeUndefined();

    const broken = await createTestApp(
      {},
      {
        routes: (app) =>
          app.post<{ Body: { name: string } }>('/api/test/rename-quietly', async (request) => {
            await app.database.db.update(propFirms).set({ name: request.body.name });
            return { ok: true };
          }),
      },
    );
    // Over a connection, with a body: the handler runs after it is read, from the socket's events.
    const address = await broken.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/test/rename-quietly`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Quietly Renamed' }),
    });
    expect(res.status).toBe(200);
    await expect(broken.close()).rejects.toThrow(
      'POST /api/test/rename-quietly: wrote prop_firms and published no firm change',
    );
  }, 120_000);

  it('reads the tables a statement writes', () => {
    expect(
      tablesWrittenBy('insert into "coupons" ("id") values ($1) on conflict do update set "x" = 1'),
    ).toEqual(['coupons']);
    expect(tablesWrittenBy('update "firm_accounts" as t set "price" = v.price from (values (1)) v')).toEqual([
      'firm_accounts',
    ]);
    expect(tablesWrittenBy('delete from page_views where created_at < $1')).toEqual(['page_views']);
    expect(tablesWrittenBy('select "id" from "giveaways" where "id" = $1 for update')).toEqual([]);
    expect(tablesWrittenBy('select "id" from "reviews" for update skip locked')).toEqual([]);
  });

  it('knows of every table whether something cached reads it', () => {
    const tables = Object.values(schema as Record<string, unknown>)
      .flatMap((value) => (is(value, Table) ? [getTableName(value)] : []))
      .sort();
    expect([...Object.keys(READ_TABLES), ...Object.keys(UNREAD_TABLES)].sort()).toEqual(tables);
  });
});
