import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import xml from 'escape-html';
import type { BlogFirm, BlogPost, BlogPostSummary, QuickUpdate } from '../../../domain/blog';
import type { Db } from '../../db/client';
import { blogPosts, propFirms, quickUpdates } from '../../db/schema';
import type { BlogTemplateData } from '../../db/schema/content';
import { notFound } from '../../lib/app-error';
import { sanitizeHtml } from '../../lib/sanitize';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Published and due: a post scheduled for later stays hidden until its publish date. */
const isVisible = (now: Date) =>
  and(eq(blogPosts.published, true), or(isNull(blogPosts.publishDate), lte(blogPosts.publishDate, now)));

type PostRow = typeof blogPosts.$inferSelect;

function toSummary(p: PostRow): BlogPostSummary {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    category: p.category,
    featuredImage: p.featuredImage,
    author: p.author,
    readTime: p.readTime,
    publishDate: iso(p.publishDate),
    createdAt: p.createdAt.toISOString(),
    tags: p.tags,
  };
}

export async function listPublishedPosts(db: Db, now = new Date()): Promise<BlogPostSummary[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(isVisible(now))
    .orderBy(sql`coalesce(${blogPosts.publishDate}, ${blogPosts.createdAt}) desc`, desc(blogPosts.id));
  return rows.map(toSummary);
}

/** Every stored HTML field, sanitised again on the way out. */
function sanitizeTemplate(data: BlogTemplateData | null): BlogTemplateData | null {
  if (!data?.data) return data ? {} : null;
  const d = data.data;
  return {
    data: {
      selectedFirmIds: (d.selectedFirmIds ?? []).filter((id) => Number.isInteger(id)),
      introContent: sanitizeHtml(d.introContent),
      outroContent: sanitizeHtml(d.outroContent),
      perFirmNotes: Object.fromEntries(
        Object.entries(d.perFirmNotes ?? {}).map(([id, note]) => [id, sanitizeHtml(note)]),
      ),
    },
  };
}

export async function loadBlogFirms(db: Db, ids: number[]): Promise<BlogFirm[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: propFirms.id,
      name: propFirms.name,
      slug: propFirms.slug,
      logo: propFirms.logo,
      shortDescription: propFirms.shortDescription,
      trustRating: propFirms.trustRating,
      affiliateUrl: propFirms.affiliateUrl,
    })
    .from(propFirms)
    .where(inArray(propFirms.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((f): f is BlogFirm => f !== undefined);
}

/** A published post; drafts and scheduled posts are not found for visitors. */
export async function getPublishedPost(db: Db, slug: string, now = new Date()): Promise<BlogPost> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isVisible(now)));
  if (!row) throw notFound('Post');
  const templateData = sanitizeTemplate(row.templateData);
  const featuredFirms = row.templateEnabled
    ? await loadBlogFirms(db, templateData?.data?.selectedFirmIds ?? [])
    : [];
  return {
    ...toSummary(row),
    content: sanitizeHtml(row.content),
    templateEnabled: row.templateEnabled,
    templateData,
    featuredFirms,
  };
}

export async function listPublishedQuickUpdates(db: Db): Promise<QuickUpdate[]> {
  const rows = await db
    .select()
    .from(quickUpdates)
    .where(eq(quickUpdates.published, true))
    .orderBy(desc(quickUpdates.createdAt), desc(quickUpdates.id));
  return rows.map((u) => ({
    id: u.id,
    title: u.title,
    content: u.content,
    createdAt: u.createdAt.toISOString(),
  }));
}

/** RSS 2.0 of the latest 50 published posts. */
export async function buildBlogFeed(db: Db, publicUrl: string, now = new Date()): Promise<string> {
  const posts = (await listPublishedPosts(db, now)).slice(0, 50);
  const items = posts
    .map((p) => {
      const link = `${publicUrl}/blog/${encodeURIComponent(p.slug)}`;
      const date = new Date(p.publishDate ?? p.createdAt).toUTCString();
      return `<item><title>${xml(p.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${date}</pubDate>${p.excerpt ? `<description>${xml(p.excerpt)}</description>` : ''}${p.category ? `<category>${xml(p.category)}</category>` : ''}</item>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Prop Trading News | Prop Firm Club</title><link>${xml(`${publicUrl}/blog`)}</link><atom:link href="${xml(`${publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/><description>Prop firm reviews, trading articles and industry updates from Prop Firm Club.</description><language>en</language>${items}</channel></rss>`;
}
