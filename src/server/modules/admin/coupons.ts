import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_CONTENT_PAGE_SIZE,
  type AdminCoupon,
  type AdminCouponPage,
  type CouponValues,
  type FirmChoice,
} from '../../../domain/admin-content';
import type { Db, Tx } from '../../db/client';
import { coupons, propFirms } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { chunksOf } from '../../lib/batches';
import type { Changes } from '../../lib/events';
import { sanitizeHtml } from '../../lib/sanitize';
import { recordPriceHistory } from '../price-history/service';
import { type Actor, recordAudit, recordAudits } from './service';
import { committedDelete, conflict, deleteAtVersion } from './versions';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const columns = {
  id: coupons.id,
  version: coupons.version,
  code: coupons.code,
  slug: coupons.slug,
  title: coupons.title,
  description: coupons.description,
  discountPercent: coupons.discountPercent,
  expiryDate: coupons.expiryDate,
  isActive: coupons.isActive,
  featured: coupons.featured,
  image: coupons.image,
  affiliateUrl: coupons.affiliateUrl,
  terms: coupons.terms,
  propFirmId: coupons.propFirmId,
  firmName: sql<string | null>`coalesce(${propFirms.name}, ${coupons.firmName})`,
  usageCount: coupons.usageCount,
  createdAt: coupons.createdAt,
};

type Row = { expiryDate: Date | null; createdAt: Date } & Omit<AdminCoupon, 'expiryDate' | 'createdAt'>;
const toAdminCoupon = (row: Row): AdminCoupon => ({
  ...row,
  expiryDate: row.expiryDate ? row.expiryDate.toISOString().slice(0, 10) : null,
  createdAt: row.createdAt.toISOString(),
});

export async function listAdminCoupons(
  db: Db,
  query: { q?: string; page: number },
): Promise<AdminCouponPage> {
  const filters: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(coupons.code, like), ilike(coupons.title, like), ilike(propFirms.name, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(coupons)
      .leftJoin(propFirms, eq(propFirms.id, coupons.propFirmId))
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(ADMIN_CONTENT_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_CONTENT_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(coupons)
      .leftJoin(propFirms, eq(propFirms.id, coupons.propFirmId))
      .where(where),
  ]);
  return {
    coupons: rows.map(toAdminCoupon),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_CONTENT_PAGE_SIZE,
  };
}

async function findAdminCoupon(db: Tx, id: number): Promise<AdminCoupon | null> {
  return (await findAdminCoupons(db, [id])).get(id) ?? null;
}

/** The named coupons as the editor shows them, by id, in a few queries for any number. */
async function findAdminCoupons(db: Tx, ids: number[]): Promise<Map<number, AdminCoupon>> {
  const found = new Map<number, AdminCoupon>();
  for (const chunk of chunksOf([...new Set(ids)], 1000))
    for (const row of await db
      .select(columns)
      .from(coupons)
      .leftJoin(propFirms, eq(propFirms.id, coupons.propFirmId))
      .where(inArray(coupons.id, chunk)))
      found.set(row.id, toAdminCoupon(row));
  return found;
}

export async function getAdminCoupon(db: Db, id: number): Promise<AdminCoupon> {
  const coupon = await findAdminCoupon(db, id);
  if (!coupon) throw notFound('Coupon');
  return coupon;
}

/** Firms to attach a coupon (or a post's featured list) to: every firm by name. */
export function listFirmChoices(db: Db): Promise<FirmChoice[]> {
  return db.select({ id: propFirms.id, name: propFirms.name }).from(propFirms).orderBy(asc(propFirms.name));
}

/** The coupon's columns, checked: a free slug, an existing firm, sanitized terms. */
async function couponColumns(tx: Tx, input: CouponValues, exceptId?: number) {
  const [values] = await couponsColumns(tx, [{ input, exceptId }]);
  return values;
}

/** The columns of many coupons, checked as one's are: slugs free (and not twice), firms existing. */
async function couponsColumns(tx: Tx, saves: { input: CouponValues; exceptId?: number }[]) {
  const slugs = [...new Set(saves.flatMap(({ input }) => (input.slug ? [input.slug] : [])))];
  const owner = new Map<string, number>();
  for (const chunk of chunksOf(slugs, 1000))
    for (const row of await tx
      .select({ id: coupons.id, slug: coupons.slug })
      .from(coupons)
      .where(inArray(coupons.slug, chunk)))
      if (row.slug) owner.set(row.slug, row.id);
  const firmIds = [...new Set(saves.flatMap(({ input }) => (input.propFirmId ? [input.propFirmId] : [])))];
  const firms = new Set<number>();
  for (const chunk of chunksOf(firmIds, 1000))
    for (const row of await tx
      .select({ id: propFirms.id })
      .from(propFirms)
      .where(inArray(propFirms.id, chunk)))
      firms.add(row.id);
  const seen = new Set<string>();
  return saves.map(({ input, exceptId }) => {
    if (input.slug) {
      const taken = owner.get(input.slug);
      if ((taken !== undefined && taken !== exceptId) || seen.has(input.slug))
        throw new AppError(
          409,
          'slug_taken',
          'slug: Another coupon already uses this slug. Choose another one.',
        );
      seen.add(input.slug);
    }
    if (input.propFirmId && !firms.has(input.propFirmId))
      throw new AppError(400, 'unknown_reference', 'propFirmId: this firm does not exist.');
    return {
      ...input,
      expiryDate: input.expiryDate ? new Date(`${input.expiryDate}T23:59:59.000Z`) : null,
      // Stored sanitized; served sanitized again (coupons/service.ts).
      terms: input.terms ? sanitizeHtml(input.terms) || null : null,
    };
  });
}

/** A coupon starting, changing or ending moves its firm's prices after coupon: recorded in its save. */
const recordPricesOf = (tx: Tx, firmIds: (number | null | undefined)[]) =>
  recordPriceHistory(
    tx,
    firmIds.filter((id): id is number => id != null),
  );

export function createCoupon(
  db: Db,
  changes: Changes,
  actor: Actor,
  input: CouponValues,
): Promise<AdminCoupon> {
  return changes.commit(db, async (tx) => {
    const created = await createCouponIn(tx, actor, input);
    return { result: created, changes: [{ type: 'coupon.created', id: created.id }] };
  });
}

/** The editor's create within the caller's transaction. */
export async function createCouponIn(tx: Tx, actor: Actor, input: CouponValues): Promise<AdminCoupon> {
  const [created] = await createCouponsIn(tx, actor, [input]);
  return created;
}

/**
 * The editor's create of any number of coupons within the caller's transaction (the catalog
 * import's): each checked, its firm's prices recorded and an audit entry written as when created
 * alone, in a few statements for the batch. Returns the coupons in the inputs' order.
 */
export async function createCouponsIn(tx: Tx, actor: Actor, inputs: CouponValues[]): Promise<AdminCoupon[]> {
  const values = await couponsColumns(
    tx,
    inputs.map((input) => ({ input })),
  );
  const ids: number[] = [];
  for (const chunk of chunksOf(values, 500)) {
    const rows = await tx.insert(coupons).values(chunk).returning({ id: coupons.id });
    // The serial ids are drawn in the rows' order.
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  await recordPricesOf(
    tx,
    values.map((v) => v.propFirmId),
  );
  const afters = await findAdminCoupons(tx, ids);
  const created = ids.map((id) => afters.get(id)!);
  await recordAudits(
    tx,
    actor,
    created.map((after) => ({
      action: 'create' as const,
      entity: 'coupon',
      entityId: after.id,
      summary: after.code,
      after,
    })),
  );
  return created;
}

/** Saves over `version`; a coupon saved since is a 409 Conflict. */
export function updateCoupon(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: number,
  version: number,
  input: CouponValues,
): Promise<AdminCoupon> {
  return changes.commit(db, async (tx) => ({
    result: await updateCouponIn(tx, actor, id, version, input),
    changes: [{ type: 'coupon.updated', id }],
  }));
}

/** The editor's save within the caller's transaction (the catalog import's). */
export async function updateCouponIn(
  tx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: CouponValues,
): Promise<AdminCoupon> {
  const before = await findAdminCoupon(tx, id);
  if (!before) throw notFound('Coupon');
  if (before.version !== version) throw conflict();
  const values = await couponColumns(tx, input, id);
  const updated = await tx
    .update(coupons)
    .set({ ...values, version: sql`${coupons.version} + 1` })
    .where(and(eq(coupons.id, id), eq(coupons.version, version)))
    .returning({ id: coupons.id });
  if (updated.length === 0) throw conflict();
  await recordPricesOf(tx, [before.propFirmId, values.propFirmId]);
  const after = (await findAdminCoupon(tx, id))!;
  await recordAudit(tx, actor, {
    action: 'update',
    entity: 'coupon',
    entityId: id,
    summary: after.code,
    before,
    after,
  });
  return after;
}

/** The editor's delete, over the version the admin saw. */
export const deleteCoupon = committedDelete(deleteCouponIn, (id) => ({ type: 'coupon.deleted', id }));

/** The editor's delete within the caller's transaction (the catalog import's). */
export async function deleteCouponIn(tx: Tx, actor: Actor, id: number, version: number): Promise<void> {
  const before = await deleteAtVersion(tx, actor, {
    table: coupons,
    id,
    version,
    find: () => findAdminCoupon(tx, id),
    what: 'Coupon',
    entity: 'coupon',
    summary: (coupon) => coupon.code,
  });
  await recordPricesOf(tx, [before.propFirmId]);
}
