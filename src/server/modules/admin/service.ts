import { and, count, desc, eq, gt, notLike, type SQL, sql } from 'drizzle-orm';
import { DELETED_EMAIL_DOMAIN } from '../../../domain/account-deletion';
import {
  type AdminOverview,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '../../../domain/admin';
import type { Db, Tx } from '../../db/client';
import {
  adminAuditLog,
  blogPosts,
  contactMessages,
  coupons,
  firmAccounts,
  fundingModels,
  newsletterSubscribers,
  propFirms,
  quickUpdates,
  reviews,
  sessions,
  unlistedFirms,
  users,
} from '../../db/schema';

/** A firm as the admin editor loads it (the demo seed copies one into a change request). */
export { findAdminFirm } from './firm-document';
/** Who made an admin change. */
export interface Actor {
  /** Null for the command line (npm run data:import without --as). */
  id: string | null;
  email: string;
}

export interface AuditRecord {
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: string | number;
  /** A short line for the log's list, e.g. the firm's name. */
  summary?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Turns dates into ISO strings and drops undefined, so the JSON columns hold what the API shows. */
const toJson = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value, (_k, v) => (v === undefined ? null : v)));

/**
 * Records one admin write. Call it with the transaction of the write, so a write without its
 * entry (or an entry without its write) can never be committed.
 */
export async function recordAudit(tx: Tx, actor: Actor, record: AuditRecord): Promise<void> {
  await recordAudits(tx, actor, [record]);
}

/** Entries with their JSON (a whole firm each) stay well under a statement's size per insert. */
const AUDIT_ROWS_PER_INSERT = 200;

/** Records many admin writes of one actor, in as few statements as the rows allow (a catalog import). */
export async function recordAudits(tx: Tx, actor: Actor, records: AuditRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += AUDIT_ROWS_PER_INSERT)
    await tx.insert(adminAuditLog).values(
      records.slice(i, i + AUDIT_ROWS_PER_INSERT).map((record) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        action: record.action,
        entity: record.entity,
        entityId: String(record.entityId),
        summary: record.summary ?? null,
        before: toJson(record.before),
        after: toJson(record.after),
      })),
    );
}

/** One page of the audit log, newest first, optionally for one entity (and one record of it). */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(adminAuditLog.entity, query.entity));
  if (query.entityId) filters.push(eq(adminAuditLog.entityId, query.entityId));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { entries, total: total?.n ?? 0, page: query.page, pageSize: AUDIT_PAGE_SIZE };
}

const n = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);
const WEEK_MS = 7 * 86_400_000;

/** The admin overview: real counts of what the site holds and of what waits for an admin. */
export async function getAdminOverview(db: Db, at = new Date()): Promise<AdminOverview> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const weekAgo = new Date(at.getTime() - WEEK_MS);
  const [
    [people],
    [active],
    [firms],
    [unlisted],
    [models],
    [accounts],
    [couponCounts],
    [posts],
    [updates],
    [reviewCounts],
    [messages],
    [subscribers],
    recentReviews,
    recentMessages,
  ] = await Promise.all([
    db
      .select({
        users: count(),
        verifiedUsers: n(sql`count(*) filter (where ${users.emailVerified})`),
        admins: n(sql`count(*) filter (where ${users.role} like '%admin%')`),
      })
      .from(users)
      // A deleted account's tombstone row (decision 0070) is nobody's account.
      .where(notLike(users.email, `%@${DELETED_EMAIL_DOMAIN}`)),
    db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, at)),
    db
      .select({
        listed: n(sql`count(*) filter (where ${propFirms.status} = 'listed')`),
        other: n(sql`count(*) filter (where ${propFirms.status} <> 'listed')`),
      })
      .from(propFirms),
    db.select({ n: count() }).from(unlistedFirms),
    db.select({ n: count() }).from(fundingModels),
    db.select({ n: count() }).from(firmAccounts),
    db
      .select({
        live: n(
          sql`count(*) filter (where ${coupons.isActive} and (${coupons.expiryDate} is null or ${coupons.expiryDate} > ${now}))`,
        ),
        expired: n(sql`count(*) filter (where ${coupons.isActive} and ${coupons.expiryDate} <= ${now})`),
      })
      .from(coupons),
    db
      .select({
        published: n(
          sql`count(*) filter (where ${blogPosts.published} and (${blogPosts.publishDate} is null or ${blogPosts.publishDate} <= ${now}))`,
        ),
        drafts: n(
          sql`count(*) filter (where not ${blogPosts.published} or ${blogPosts.publishDate} > ${now})`,
        ),
      })
      .from(blogPosts),
    db.select({ n: count() }).from(quickUpdates),
    db
      .select({
        total: count(),
        lastWeek: n(
          sql`count(*) filter (where ${reviews.createdAt} > ${weekAgo.toISOString()}::timestamptz)`,
        ),
        toModerate: n(
          sql`count(*) filter (where ${reviews.status} = 'held' or exists (select 1 from review_reports r where r.review_id = ${reviews.id} and r.resolved_at is null))`,
        ),
      })
      .from(reviews),
    db
      .select({
        n: n(
          sql`count(*) filter (where ${contactMessages.createdAt} > ${weekAgo.toISOString()}::timestamptz)`,
        ),
        waiting: n(sql`count(*) filter (where ${contactMessages.status} = 'new')`),
      })
      .from(contactMessages),
    db
      .select({
        confirmed: n(sql`count(*) filter (where ${newsletterSubscribers.status} = 'confirmed')`),
        pending: n(sql`count(*) filter (where ${newsletterSubscribers.status} = 'pending')`),
      })
      .from(newsletterSubscribers),
    db
      .select({
        id: reviews.id,
        firmName: propFirms.name,
        firmSlug: propFirms.slug,
        rating: reviews.rating,
        title: reviews.title,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(5),
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(5),
  ]);
  return {
    users: people?.users ?? 0,
    verifiedUsers: people?.verifiedUsers ?? 0,
    admins: people?.admins ?? 0,
    activeSessions: active?.n ?? 0,
    content: {
      listedFirms: firms?.listed ?? 0,
      otherFirms: firms?.other ?? 0,
      unlistedFirms: unlisted?.n ?? 0,
      fundingModels: models?.n ?? 0,
      accounts: accounts?.n ?? 0,
      liveCoupons: couponCounts?.live ?? 0,
      expiredCoupons: couponCounts?.expired ?? 0,
      publishedPosts: posts?.published ?? 0,
      draftPosts: posts?.drafts ?? 0,
      quickUpdates: updates?.n ?? 0,
      reviews: reviewCounts?.total ?? 0,
      newsletterSubscribers: subscribers?.confirmed ?? 0,
    },
    queues: {
      reviewsLastWeek: reviewCounts?.lastWeek ?? 0,
      reviewsToModerate: reviewCounts?.toModerate ?? 0,
      messagesLastWeek: messages?.n ?? 0,
      newMessages: messages?.waiting ?? 0,
      pendingSubscribers: subscribers?.pending ?? 0,
    },
    recentReviews: recentReviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    recentMessages: recentMessages.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      topic: m.topic,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
