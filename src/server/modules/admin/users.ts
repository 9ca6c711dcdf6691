import { and, count, desc, eq, gt, ilike, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { hasAdminRole } from '../../../domain/accounts';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserQuery,
  SUSPENSION_REASONS,
  type SuspensionPayload,
} from '../../../domain/admin-users';
import type { Db } from '../../db/client';
import {
  cashbackClaims,
  giveawayEntries,
  giveaways,
  pointsLedger,
  propFirms,
  reviews,
  sessions,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { type Actor, recordAudit } from './service';

const isAdminRole = like(users.role, '%admin%');
const DAY_MS = 86_400_000;
/** A suspension in force: Better Auth lifts an expired one at the user's next log-in. */
const isSuspended = () =>
  and(eq(users.banned, true), or(isNull(users.banExpires), gt(users.banExpires, new Date()))) as SQL;
// Qualified by hand: drizzle leaves a single table's columns unqualified, which the subquery would capture.
const countOf = (table: string) =>
  sql<number>`(select count(*) from ${sql.raw(table)} x where x.user_id = "users"."id")`.mapWith(Number);

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  username: users.username,
  emailVerified: users.emailVerified,
  role: users.role,
  points: users.points,
  createdAt: users.createdAt,
  reviews: countOf('reviews'),
  entries: countOf('giveaway_entries'),
  claims: countOf('cashback_claims'),
  banned: users.banned,
  banReason: users.banReason,
  banExpires: users.banExpires,
};

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];
const selectUsers = (db: Db, where: SQL | undefined, limit: number, offset: number) =>
  db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(limit)
    .offset(offset);

const toAdminUser = ({ role, banned, banReason, banExpires, ...row }: UserRow): AdminUser => ({
  ...row,
  isAdmin: hasAdminRole(role),
  createdAt: row.createdAt.toISOString(),
  suspension:
    banned && (!banExpires || banExpires > new Date())
      ? { reason: banReason ?? '', until: banExpires?.toISOString() ?? null }
      : null,
});

const selectAdminUser = async (db: Db, id: string) =>
  toAdminUser((await selectUsers(db, eq(users.id, id), 1, 0))[0]);

/** Users, newest first, searched by email, name or username, optionally admins only. */
export async function listAdminUsers(db: Db, query: AdminUserQuery): Promise<AdminUserPage> {
  const filters: SQL[] = [];
  if (query.filter === 'admins') filters.push(isAdminRole);
  if (query.filter === 'suspended') filters.push(isSuspended());
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(
      or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.username, pattern)) as SQL,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    selectUsers(db, where, ADMIN_USERS_PAGE_SIZE, (query.page - 1) * ADMIN_USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(toAdminUser),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
  };
}

/** One user with their reviews, giveaway entries, cashback claims and latest points movements. */
export async function getAdminUser(db: Db, id: string): Promise<AdminUserDetail> {
  const [row] = await selectUsers(db, eq(users.id, id), 1, 0);
  if (!row) throw notFound('User');
  const [userReviews, entries, claims, points] = await Promise.all([
    db
      .select({
        id: reviews.id,
        firmName: propFirms.name,
        title: reviews.title,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
      .where(eq(reviews.userId, id))
      .orderBy(desc(reviews.createdAt))
      .limit(50),
    db
      .select({
        giveawayTitle: giveaways.title,
        ticketNumber: giveawayEntries.ticketNumber,
        createdAt: giveawayEntries.createdAt,
      })
      .from(giveawayEntries)
      .innerJoin(giveaways, eq(giveaways.id, giveawayEntries.giveawayId))
      .where(eq(giveawayEntries.userId, id))
      .orderBy(desc(giveawayEntries.createdAt))
      .limit(50),
    db
      .select({
        id: cashbackClaims.id,
        firmName: propFirms.name,
        status: cashbackClaims.status,
        createdAt: cashbackClaims.createdAt,
      })
      .from(cashbackClaims)
      .leftJoin(propFirms, eq(propFirms.id, cashbackClaims.propFirmId))
      .where(eq(cashbackClaims.userId, id))
      .orderBy(desc(cashbackClaims.createdAt))
      .limit(50),
    db
      .select({ delta: pointsLedger.delta, reason: pointsLedger.reason, createdAt: pointsLedger.createdAt })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, id))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(50),
  ]);
  const iso = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
  return {
    user: toAdminUser(row),
    reviews: userReviews.map(iso),
    entries: entries.map(iso),
    claims: claims.map(iso),
    points: points.map(iso),
  };
}

/**
 * Grants or revokes admin. Revoking locks every admin row first, so two admins revoking each other
 * at once cannot leave the site without one: the last admin is never removed (409).
 */
export async function setAdminRole(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: string,
  admin: boolean,
): Promise<AdminUser> {
  await changes.commit(db, async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(isAdminRole).for('update');
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw notFound('User');
    const isAdmin = hasAdminRole(user.role);
    if (isAdmin === admin) return { changes: [] };
    if (admin && user.banned && (!user.banExpires || user.banExpires > new Date())) {
      throw new AppError(409, 'user_suspended', 'Lift the suspension before making this user an admin.');
    }
    if (!admin && admins.length <= 1) {
      throw new AppError(409, 'last_admin', 'The last admin cannot be removed: make another admin first.');
    }
    await tx
      .update(users)
      .set({ role: admin ? 'admin' : 'user', updatedAt: new Date() })
      .where(eq(users.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      summary: `${admin ? 'granted' : 'revoked'} admin: ${user.email}`,
      before: { role: user.role },
      after: { role: admin ? 'admin' : 'user' },
    });
    return { changes: [{ type: 'user.updated', id }] };
  });
  return selectAdminUser(db, id);
}

/**
 * Suspends a user: their sessions end in the same transaction, so every request they make from then
 * on is signed out, and Better Auth refuses their log-in with the reason and the end date (accounts'
 * `auth.ts`). Admins cannot be suspended (revoke admin first), nor can an admin suspend themselves.
 */
export async function suspendUser(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: string,
  payload: SuspensionPayload,
): Promise<AdminUser> {
  if (id === actor.id) throw new AppError(409, 'own_account', 'You cannot suspend your own account.');
  const label = SUSPENSION_REASONS[payload.reason];
  const reason = payload.note ? `${label}: ${payload.note}` : label;
  const until = payload.days ? new Date(Date.now() + payload.days * DAY_MS) : null;
  await changes.commit(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw notFound('User');
    if (hasAdminRole(user.role)) {
      throw new AppError(409, 'user_is_admin', 'Revoke admin before suspending this user.');
    }
    await tx
      .update(users)
      .set({ banned: true, banReason: reason, banExpires: until, updatedAt: new Date() })
      .where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      summary: `suspended ${user.email}${until ? ` until ${until.toISOString().slice(0, 10)}` : ''}: ${reason}`,
      before: { banned: user.banned, banReason: user.banReason, banExpires: user.banExpires },
      after: { banned: true, banReason: reason, banExpires: until },
    });
    return { changes: [{ type: 'user.updated', id }] };
  });
  return selectAdminUser(db, id);
}

/** Lifts a user's suspension: they can log in again. */
export async function liftSuspension(db: Db, changes: Changes, actor: Actor, id: string): Promise<AdminUser> {
  await changes.commit(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw notFound('User');
    if (!user.banned) return { changes: [] };
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      summary: `lifted the suspension of ${user.email}`,
      before: { banned: user.banned, banReason: user.banReason, banExpires: user.banExpires },
      after: { banned: false },
    });
    return { changes: [{ type: 'user.updated', id }] };
  });
  return selectAdminUser(db, id);
}
