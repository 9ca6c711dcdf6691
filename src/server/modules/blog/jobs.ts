import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema';
import type { Changes } from '../../lib/events';
import { defineJob } from '../../lib/jobs';

/** How far back each run looks: two slots, so a late or skipped minute is still covered. */
const LOOKBACK_MS = 2 * 60_000;

/** Published posts whose publish date fell in (from, to]: they have just become public. */
export async function listPostsDueBetween(db: Db, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      and(eq(blogPosts.published, true), gt(blogPosts.publishDate, from), lte(blogPosts.publishDate, to)),
    );
  return rows.map((r) => r.id);
}

/**
 * Every minute: a scheduled post whose time has come is announced as `post.updated`, so every
 * process drops the cached /blog, post, feed and sitemap answers that were built while it was
 * hidden (the public queries already compare the publish date with the time of the request).
 */
export const publishDuePostsJob = (changes: Changes) =>
  defineJob({
    name: 'publish-due-posts',
    schedule: '* * * * *',
    handler: async ({ db, log, scheduledAt }) => {
      const now = new Date(Math.max(Date.now(), scheduledAt.getTime()));
      const due = await listPostsDueBetween(db, new Date(scheduledAt.getTime() - LOOKBACK_MS), now);
      if (due.length === 0) return;
      changes.publishCommitted(...due.map((id) => ({ type: 'post.updated' as const, id })));
      log.info({ posts: due }, 'scheduled posts are public now');
    },
  });
