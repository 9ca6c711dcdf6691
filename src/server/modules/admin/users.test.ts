import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { AdminUserDetail, AdminUserPage } from '../../../domain/admin-users';
import { adminAuditLog, users } from '../../db/schema';
import { insertFirm, insertUserReview } from '../../db/seed/factories';

let ctx: TestContext;
let admin: TestUser;
let trader: TestUser;

const call = (who: TestUser | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'usersadmin' });
  trader = await signUpUser(ctx, { verified: true, prefix: 'userstrader' });
}, 120_000);
afterAll(() => ctx.close());

describe('users and roles for admins', () => {
  it('is for admins only', async () => {
    expect((await call(null, 'GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await call(trader, 'GET', '/api/admin/users')).statusCode).toBe(403);
    expect(
      (await call(trader, 'PUT', `/api/admin/users/${trader.id}/role`, { admin: true })).statusCode,
    ).toBe(403);
  });

  it('searches users and shows one with their reviews', async () => {
    const firm = await insertFirm(ctx.db, { name: 'Users Test Firm' });
    await insertUserReview(ctx.db, { propFirmId: firm.id, userId: trader.id, title: 'Mine' });
    const found = (await call(admin, 'GET', `/api/admin/users?q=${trader.username}`)).json() as AdminUserPage;
    expect(found.users.map((u) => u.email)).toEqual([trader.email]);
    expect(found.users[0]).toMatchObject({ isAdmin: false, reviews: 1 });
    const admins = (await call(admin, 'GET', '/api/admin/users?filter=admins')).json() as AdminUserPage;
    expect(admins.users.map((u) => u.email)).toEqual([admin.email]);
    const detail = (await call(admin, 'GET', `/api/admin/users/${trader.id}`)).json() as AdminUserDetail;
    expect(detail.reviews.map((r) => [r.firmName, r.title])).toEqual([['Users Test Firm', 'Mine']]);
    expect((await call(admin, 'GET', '/api/admin/users/nobody')).statusCode).toBe(404);
  });

  it('grants and revokes admin, audited, and never removes the last admin', async () => {
    const last = await call(admin, 'PUT', `/api/admin/users/${admin.id}/role`, { admin: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toContain('The last admin cannot be removed');
    const granted = await call(admin, 'PUT', `/api/admin/users/${trader.id}/role`, { admin: true });
    expect(granted.json()).toMatchObject({ isAdmin: true });
    expect((await call(trader, 'GET', '/api/admin/users')).statusCode).toBe(200);
    const revoked = await call(trader, 'PUT', `/api/admin/users/${admin.id}/role`, { admin: false });
    expect(revoked.json()).toMatchObject({ isAdmin: false });
    expect((await call(admin, 'GET', '/api/admin/users')).statusCode).toBe(403);
    const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, admin.id));
    expect(row.role).toBe('user');
    const audit = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'user'));
    expect(audit.map((a) => a.summary)).toEqual(
      expect.arrayContaining([`granted admin: ${trader.email}`, `revoked admin: ${admin.email}`]),
    );
    expect(
      (await call(trader, 'PUT', `/api/admin/users/${trader.id}/role`, { admin: false })).statusCode,
    ).toBe(409);
  });
});
