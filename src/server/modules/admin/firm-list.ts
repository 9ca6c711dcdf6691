import { and, asc, count, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminFirmListQuery,
  type AdminFirmPage,
  type FirmOptions,
} from '../../../domain/admin-firms';
import type { Db } from '../../db/client';
import {
  featuredFirm,
  firmAccounts,
  fundingModels,
  payoutMethods,
  platforms,
  propFirms,
} from '../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** One page of every firm (listed or not) for the admin list: search by name or slug, sort, page. */
export async function listAdminFirms(db: Db, query: AdminFirmListQuery): Promise<AdminFirmPage> {
  const filters: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(propFirms.name, like), ilike(propFirms.slug, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.dir === 'desc' ? desc : asc;
  const order =
    query.sort === 'updated'
      ? [direction(propFirms.updatedAt)]
      : query.sort === 'rating'
        ? [direction(sql`coalesce(${propFirms.trustRating}, 'not tested')`)]
        : query.sort === 'status'
          ? [direction(propFirms.status)]
          : [];
  const featured = sql<boolean>`${propFirms.id} = (select ${featuredFirm.propFirmId} from ${featuredFirm} limit 1)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: propFirms.id,
        slug: propFirms.slug,
        name: propFirms.name,
        status: propFirms.status,
        trustRating: propFirms.trustRating,
        featured: sql<boolean>`coalesce(${featured}, false)`,
        fundingModelCount:
          sql<number>`(select count(*) from ${fundingModels} where ${fundingModels.propFirmId} = "prop_firms"."id")`.mapWith(
            Number,
          ),
        accountCount:
          sql<number>`(select count(*) from ${firmAccounts} where ${firmAccounts.propFirmId} = "prop_firms"."id")`.mapWith(
            Number,
          ),
        version: propFirms.version,
        updatedAt: propFirms.updatedAt,
      })
      .from(propFirms)
      .where(where)
      .orderBy(...order, asc(sql`lower(${propFirms.name})`), asc(propFirms.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(propFirms).where(where),
  ]);
  return {
    firms: rows.map((r) => ({ ...r, featured: Boolean(r.featured), updatedAt: r.updatedAt.toISOString() })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

export async function listFirmOptions(db: Db): Promise<FirmOptions> {
  const [platformRows, payoutRows] = await Promise.all([
    db.select().from(platforms).orderBy(asc(platforms.name)),
    db.select().from(payoutMethods).orderBy(asc(payoutMethods.name)),
  ]);
  return { platforms: platformRows, payoutMethods: payoutRows };
}
