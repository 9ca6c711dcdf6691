import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { AdminUserDetail, AdminUserPage } from '../../../domain/admin-users';
import { adminAuditLog, users } from '../../db/schema';
import { insertFirm, insertUserReview } from '../../db/seed/factories';

const logIn = (user: TestUser) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': user.ip },
    payload: { email: user.email, password: user.password },
  });

let ctx: TestContext;
let admin: TestUser;
let trader: TestUser;

const call = (who: TestUser | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
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

  it('suspends a user: their sessions end at once, log-in says why, writes are refused; lifted, they log in', async () => {
    const boss = await signUpUser(ctx, { verified: true, admin: true, prefix: 'suspendboss' });
    const colleague = await signUpUser(ctx, { verified: true, admin: true, prefix: 'colleague' });
    const bystander = await signUpUser(ctx, { verified: true, prefix: 'bystander' });
    const member = await signUpUser(ctx, { verified: true, prefix: 'suspended' });
    const firm = await insertFirm(ctx.db, { name: 'Suspension Firm' });
    expect((await call(member, 'GET', '/api/auth/user')).statusCode).toBe(200);

    const suspended = await call(boss, 'PUT', `/api/admin/users/${member.id}/suspension`, {
      reason: 'fake_reviews',
      note: 'Five accounts',
      days: 7,
    });
    expect(suspended.statusCode).toBe(200);
    const body = suspended.json();
    expect(body.suspension.reason).toBe('Fake or incentivised reviews: Five accounts');
    expect(new Date(body.suspension.until).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    // The old session is gone: signed out everywhere, so no review and no giveaway entry.
    expect((await call(member, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/firms/${firm.id}/reviews`,
      headers: { origin: TEST_ORIGIN, cookie: member.cookie },
      payload: { propFirmId: firm.id, rating: 4, title: 'Suspended', comment: 'A review while suspended.' },
    });
    expect(review.statusCode).toBe(401);
    const refused = await logIn(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^Your account is suspended until \w+ \d+, \d{4}: Fake or incentivised reviews: Five accounts\./,
    );
    expect(refused.headers['set-cookie']).toBeUndefined();

    const listed = (await call(boss, 'GET', '/api/admin/users?filter=suspended')).json() as AdminUserPage;
    expect(listed.users.map((u) => u.email)).toEqual([member.email]);
    const audit = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, member.id));
    expect(audit.map((a) => a.summary)).toContainEqual(expect.stringMatching(/^suspended .* until /));

    // Admins are not suspended (revoke first), nor is oneself; a suspended user is not made admin.
    expect(
      (await call(boss, 'PUT', `/api/admin/users/${colleague.id}/suspension`, { reason: 'spam' })).json(),
    ).toMatchObject({ code: 'user_is_admin' });
    expect(
      (await call(boss, 'PUT', `/api/admin/users/${boss.id}/suspension`, { reason: 'spam' })).statusCode,
    ).toBe(409);
    expect(
      (await call(boss, 'PUT', `/api/admin/users/${member.id}/role`, { admin: true })).json(),
    ).toMatchObject({ code: 'user_suspended' });
    const other = await call(boss, 'PUT', `/api/admin/users/${member.id}/suspension`, { reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('note');
    expect(
      (await call(boss, 'PUT', '/api/admin/users/nobody/suspension', { reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await call(bystander, 'PUT', `/api/admin/users/${member.id}/suspension`, { reason: 'spam' }))
        .statusCode,
    ).toBe(403);

    const lifted = await call(boss, 'DELETE', `/api/admin/users/${member.id}/suspension`);
    expect(lifted.json()).toMatchObject({ suspension: null });
    expect((await logIn(member)).statusCode).toBe(200);
  });

  it("lets a suspension that ended lift itself at the user's next log-in", async () => {
    const member = await signUpUser(ctx, { verified: true, prefix: 'expired' });
    await ctx.db
      .update(users)
      .set({ banned: true, banReason: 'Spam', banExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, member.id));
    expect((await logIn(member)).statusCode).toBe(200);
    const [row] = await ctx.db.select({ banned: users.banned }).from(users).where(eq(users.id, member.id));
    expect(row.banned).toBe(false);
  });

  it("leaves Better Auth's own admin endpoints closed: the admin API is the one way", async () => {
    const boss = await signUpUser(ctx, { verified: true, admin: true, prefix: 'bastion' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      headers: { origin: TEST_ORIGIN, cookie: boss.cookie },
      payload: { userId: trader.id, role: 'admin' },
    });
    expect(res.statusCode).toBe(404);
  });
});
