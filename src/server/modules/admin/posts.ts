import { and, asc, count, desc, eq, gt, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_POSTS_PAGE_SIZE,
  type AdminPost,
  type AdminPostPage,
  type PostCategory,
  type PostListQuery,
  type PostStatus,
  type PostValues,
  readTimeOf,
  slugify,
} from '../../../domain/admin-posts';
import type { BlogPost } from '../../../domain/blog';
import type { Db, Tx } from '../../db/client';
import { blogPosts, propFirms } from '../../db/schema';
import type { BlogTemplateData } from '../../db/schema/content';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { sanitizeHtml } from '../../lib/sanitize';
import { loadBlogFirms } from '../blog/service';
import { type Actor, recordAudit } from './service';
import { committedDelete, conflict, deleteAtVersion } from './versions';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type PostRow = typeof blogPosts.$inferSelect;

export function postStatus(
  row: { published: boolean; publishDate: Date | null },
  now = new Date(),
): PostStatus {
  if (!row.published) return 'draft';
  return row.publishDate && row.publishDate.getTime() > now.getTime() ? 'scheduled' : 'published';
}

const statusWhere = (status: PostStatus, now: Date): SQL => {
  if (status === 'draft') return eq(blogPosts.published, false);
  if (status === 'scheduled') return and(eq(blogPosts.published, true), gt(blogPosts.publishDate, now))!;
  return and(
    eq(blogPosts.published, true),
    sql`(${blogPosts.publishDate} is null or ${blogPosts.publishDate} <= ${now})`,
  )!;
};

const asCategory = (value: string | null): PostCategory | null =>
  value === 'review' || value === 'article' ? value : null;

function toAdminPost(row: PostRow, now = new Date()): AdminPost {
  const data = row.templateData?.data ?? {};
  return {
    id: row.id,
    version: row.version,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content || null,
    category: asCategory(row.category),
    tags: row.tags,
    featuredImage: row.featuredImage,
    author: row.author,
    readTime: row.readTime,
    published: row.published,
    publishDate: iso(row.publishDate),
    templateEnabled: row.templateEnabled,
    template: {
      selectedFirmIds: data.selectedFirmIds ?? [],
      introContent: data.introContent || null,
      outroContent: data.outroContent || null,
      perFirmNotes: data.perFirmNotes ?? {},
    },
    status: postStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const SORTS = {
  date: sql`coalesce(${blogPosts.publishDate}, ${blogPosts.createdAt})`,
  title: sql`lower(${blogPosts.title})`,
  updated: sql`${blogPosts.updatedAt}`,
} as const;

/** Every post (drafts and scheduled ones too): search by title, slug or tag, filter by status, sort, 20 a page. */
export async function listAdminPosts(db: Db, query: PostListQuery, now = new Date()): Promise<AdminPostPage> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(
      or(
        ilike(blogPosts.title, pattern),
        ilike(blogPosts.slug, pattern),
        sql`exists (select 1 from unnest(${blogPosts.tags}) as t where t ilike ${pattern})`,
      )!,
    );
  }
  if (query.status) filters.push(statusWhere(query.status, now));
  const where = filters.length ? and(...filters) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(order(SORTS[query.sort]), order(blogPosts.id))
      .limit(ADMIN_POSTS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_POSTS_PAGE_SIZE),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return {
    posts: rows.map((row) => {
      const post = toAdminPost(row, now);
      return {
        id: post.id,
        version: post.version,
        slug: post.slug,
        title: post.title,
        category: post.category,
        author: post.author,
        published: post.published,
        publishDate: post.publishDate,
        status: post.status,
        createdAt: post.createdAt,
        updatedAt: post.updatedAt,
      };
    }),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_POSTS_PAGE_SIZE,
  };
}

async function findPost(db: Tx, id: number): Promise<PostRow | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ?? null;
}

export async function getAdminPost(db: Db, id: number): Promise<AdminPost> {
  const row = await findPost(db, id);
  if (!row) throw notFound('Post');
  return toAdminPost(row);
}

const slugTaken = () =>
  new AppError(409, 'slug_taken', 'slug: Another post already uses this slug. Choose another one.');

/** A chosen slug must be free; a blank one is made from the title, numbered past those taken. */
async function resolveSlug(tx: Tx, input: PostValues, exceptId?: number): Promise<string> {
  const others = <T extends { id: number }>(rows: T[]) => rows.filter((r) => r.id !== exceptId);
  if (input.slug) {
    const taken = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, input.slug));
    if (others(taken).length) throw slugTaken();
    return input.slug;
  }
  const base = slugify(input.title) || 'post';
  const rows = await tx
    .select({ id: blogPosts.id, slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${escapeLike(base)}-%`)));
  const used = new Set(others(rows).map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The template's firms must exist; notes are kept for selected firms only. */
async function templateColumns(tx: Tx, input: PostValues): Promise<BlogTemplateData> {
  const ids = input.template.selectedFirmIds;
  if (ids.length) {
    const found = await tx.select({ id: propFirms.id }).from(propFirms).where(inArray(propFirms.id, ids));
    const known = new Set(found.map((f) => f.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined)
      throw new AppError(
        400,
        'unknown_reference',
        `template.selectedFirmIds: firm ${missing} does not exist.`,
      );
  }
  const notes: Record<string, string> = {};
  for (const id of ids) {
    const note = sanitizeHtml(input.template.perFirmNotes[String(id)] ?? '');
    if (note) notes[String(id)] = note;
  }
  return {
    data: {
      selectedFirmIds: ids,
      introContent: sanitizeHtml(input.template.introContent ?? ''),
      outroContent: sanitizeHtml(input.template.outroContent ?? ''),
      perFirmNotes: notes,
    },
  };
}

/** The post's columns, checked and sanitized, with the read time computed when left blank. */
async function contentColumns(tx: Tx, input: PostValues, now: Date, before?: PostRow) {
  const content = sanitizeHtml(input.content ?? '');
  const templateData = await templateColumns(tx, input);
  const t = templateData.data!;
  const readTime =
    input.readTime ??
    (input.templateEnabled
      ? readTimeOf(t.introContent, content, ...Object.values(t.perFirmNotes ?? {}), t.outroContent)
      : readTimeOf(content));
  // A post published without a date takes the moment it is first published (a draft keeps none).
  const publishDate = input.publishDate
    ? new Date(input.publishDate)
    : input.published
      ? before?.published && before.publishDate
        ? before.publishDate
        : now
      : null;
  return {
    title: input.title,
    excerpt: input.excerpt,
    content,
    category: input.category,
    tags: input.tags,
    featuredImage: input.featuredImage,
    author: input.author,
    readTime,
    published: input.published,
    publishDate,
    templateEnabled: input.templateEnabled,
    templateData,
  };
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A concurrent save took the slug between the check and the write. */
async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

export async function createPost(
  db: Db,
  changes: Changes,
  actor: Actor,
  input: PostValues,
  now = new Date(),
): Promise<AdminPost> {
  return slugSafe(() =>
    changes.commit(db, async (tx) => {
      const values = { ...(await contentColumns(tx, input, now)), slug: await resolveSlug(tx, input) };
      const [row] = await tx.insert(blogPosts).values(values).returning();
      const after = toAdminPost(row, now);
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'post',
        entityId: row.id,
        summary: row.title,
        after,
      });
      return { result: after, changes: [{ type: 'post.created', id: row.id }] };
    }),
  );
}

/** Saves over `version`; a post saved since is a 409 Conflict. */
export async function updatePost(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: number,
  version: number,
  input: PostValues,
  now = new Date(),
): Promise<AdminPost> {
  return slugSafe(() =>
    changes.commit(db, async (tx) => {
      const row = await findPost(tx, id);
      if (!row) throw notFound('Post');
      if (row.version !== version) throw conflict();
      const values = {
        ...(await contentColumns(tx, input, now, row)),
        slug: await resolveSlug(tx, input, id),
      };
      const [updated] = await tx
        .update(blogPosts)
        .set({ ...values, version: sql`${blogPosts.version} + 1`, updatedAt: now })
        .where(and(eq(blogPosts.id, id), eq(blogPosts.version, version)))
        .returning();
      if (!updated) throw conflict();
      const after = toAdminPost(updated, now);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'post',
        entityId: id,
        summary: after.title,
        before: toAdminPost(row, now),
        after,
      });
      return { result: after, changes: [{ type: 'post.updated', id }] };
    }),
  );
}

/** The editor's delete, over the version the admin saw. */
export const deletePost = committedDelete(
  (tx, actor, id, version) =>
    deleteAtVersion(tx, actor, {
      table: blogPosts,
      id,
      version,
      find: async () => {
        const row = await findPost(tx, id);
        return row && toAdminPost(row);
      },
      what: 'Post',
      entity: 'post',
      summary: (post) => post.title,
    }),
  (id) => ({ type: 'post.deleted', id }),
);

/**
 * The post as its public page would show it, from the editor's values (saved or not, draft or
 * scheduled): sanitized like a stored post, with the template's firms resolved. Nothing is written.
 */
export async function previewPost(
  db: Db,
  input: PostValues,
  existingId: number | undefined,
  now = new Date(),
): Promise<BlogPost> {
  const existing = existingId ? await findPost(db, existingId) : null;
  const v = await contentColumns(db, input, now, existing ?? undefined);
  const data = v.templateData.data!;
  return {
    id: existing?.id ?? 0,
    slug: input.slug ?? existing?.slug ?? (slugify(input.title) || 'post'),
    title: v.title,
    excerpt: v.excerpt,
    category: v.category,
    featuredImage: v.featuredImage,
    author: v.author,
    readTime: v.readTime,
    publishDate: iso(v.publishDate ?? now),
    createdAt: (existing?.createdAt ?? now).toISOString(),
    tags: v.tags,
    content: v.content,
    templateEnabled: v.templateEnabled,
    templateData: v.templateData,
    featuredFirms: v.templateEnabled ? await loadBlogFirms(db, data.selectedFirmIds ?? []) : [],
  };
}
