import { eq, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { propFirms } from './firms';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').unique(),
    code: text('code').notNull(),
    title: text('title'),
    description: text('description'),
    discountPercent: doublePrecision('discount_percent'),
    expiryDate: timestamp('expiry_date', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    usageCount: integer('usage_count').notNull().default(0),
    image: text('image'),
    logo: text('logo'),
    firmName: text('firm_name'),
    affiliateUrl: text('affiliate_url'),
    terms: text('terms'),
    propFirmId: integer('prop_firm_id').references(() => propFirms.id, { onDelete: 'set null' }),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    // Optimistic concurrency for the admin editor: a save names the version it started from.
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupons_firm_idx').on(t.propFirmId),
    index('coupons_active_expiry_idx').on(t.isActive, t.expiryDate),
  ],
);

// One row per visitor per coupon per day: usage counts are not inflated by reloads.
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_uses_once_idx').on(t.couponId, t.visitorKey, t.day)],
);

export const couponVotes = pgTable(
  'coupon_votes',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    worked: boolean('worked').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_votes_once_idx').on(t.couponId, t.visitorKey)],
);

export type BlogTemplateData = {
  data?: {
    selectedFirmIds?: number[];
    introContent?: string;
    outroContent?: string;
    perFirmNotes?: Record<string, string>;
  };
};

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    content: text('content').notNull().default(''),
    category: text('category'),
    featuredImage: text('featured_image'),
    author: text('author'),
    readTime: integer('read_time'),
    published: boolean('published').notNull().default(false),
    publishDate: timestamp('publish_date', { withTimezone: true }),
    tags: text('tags').array().notNull().default([]),
    templateEnabled: boolean('template_enabled').notNull().default(false),
    templateData: jsonb('template_data').$type<BlogTemplateData>(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_posts_published_idx').on(t.published, t.publishDate)],
);

export const quickUpdates = pgTable(
  'quick_updates',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    published: boolean('published').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quick_updates_published_idx').on(t.published, t.createdAt)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    // Kept when the author deletes their account: the review then shows as 'Anonymous'.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    isManual: boolean('is_manual').notNull().default(false),
    authorName: text('author_name'),
    source: text('source'),
    isVerified: boolean('is_verified').notNull().default(false),
    /**
     * Moderation (decision 0027): published reviews count and show; held ones wait for an admin
     * (the automatic checks named in `autoChecks` held them); hidden ones were removed with a reason;
     * deleted ones also had their text wiped (the row stays for the author and the integrity report).
     */
    status: text('status', { enum: ['published', 'held', 'hidden', 'deleted'] })
      .notNull()
      .default('published'),
    autoChecks: text('auto_checks').array().notNull().default([]),
    moderationReason: text('moderation_reason'),
    moderationNote: text('moderation_note'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: text('moderated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last edited it (PUT /api/reviews/{id}); null if never. The date stays `createdAt`. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_firm_created_idx').on(t.propFirmId, t.createdAt),
    // A firm's newest published reviews, in the read model's order (review-model.ts).
    index('reviews_published_newest_idx')
      .on(t.propFirmId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('reviews_status_idx').on(t.status, t.createdAt),
    // The held reviews in the moderation queue's order, with their ids: the queue's page and count
    // from the index alone where the visibility map allows (decision 0060).
    index('reviews_held_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'held'`),
    // A user's reviews: the admin user list's count and detail, the profile's own reviews.
    index('reviews_user_idx').on(t.userId),
    // One review per user per firm, enforced by the database so parallel submissions create one.
    uniqueIndex('reviews_one_per_user_idx').on(t.propFirmId, t.userId),
  ],
);

/** Only published reviews show on firm pages and count in ratings. */
export const publishedReview = eq(reviews.status, 'published');

/** A signed-in user's report of a review: one per user and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    /** Set when an admin decided on the review after this report. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The reported review's `created_at` (which never changes), set by the database on insert
     * (trigger `review_reports_review_created_at`, migration 0021): the moderation queue orders
     * the open reports' reviews by it from the index below, without reading each review.
     */
    reviewCreatedAt: timestamp('review_created_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_reports_once_idx').on(t.reviewId, t.userId),
    index('review_reports_open_idx').on(t.resolvedAt, t.reviewId),
    // The open reports' reviews in the moderation queue's order (oldest first, then the higher id).
    index('review_reports_open_queue_idx')
      .on(t.reviewCreatedAt, t.reviewId.desc().nullsFirst())
      .where(sql`${t.resolvedAt} is null`),
  ],
);

export const giveaways = pgTable(
  'giveaways',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description'),
    giveawayImage: text('giveaway_image'),
    giveawayLink: text('giveaway_link'),
    prizeDescription: text('prize_description'),
    prizeValue: text('prize_value'),
    status: text('status').notNull().default('active'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    maxEntries: integer('max_entries'),
    winnerCount: integer('winner_count').notNull().default(1),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** Where the client seed will come from, named at creation (e.g. a future drand round). */
    clientSeedSource: text('client_seed_source'),
    clientSeed: text('client_seed'),
    /** When the entry list was fixed; from then on the database refuses any change to it. */
    entriesClosedAt: timestamp('entries_closed_at', { withTimezone: true }),
    /** SHA-256 of the canonical entry list (src/domain/giveaway-verify.ts), stored at closing. */
    entryListHash: text('entry_list_hash'),
    winnerUserIds: text('winner_user_ids').array().notNull().default([]),
    winnerTicketNumbers: integer('winner_ticket_numbers').array().notNull().default([]),
    propFirmId: integer('prop_firm_id').references(() => propFirms.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('giveaways_status_idx').on(t.status, t.endDate)],
);

export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    id: serial('id').primaryKey(),
    giveawayId: integer('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    // No foreign key: an entry is part of a published, hashed record, so it outlives its entrant's
    // account (decision 0022). The id is a random string that then points at nobody.
    userId: text('user_id').notNull(),
    ticketNumber: integer('ticket_number').notNull(),
    socialMediaHandle: text('social_media_handle'),
    entryHash: text('entry_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('giveaway_entries_user_idx').on(t.giveawayId, t.userId),
    uniqueIndex('giveaway_entries_ticket_idx').on(t.giveawayId, t.ticketNumber),
    // A user's entries in every giveaway: the admin user list's count and the user's detail.
    index('giveaway_entries_user_id_idx').on(t.userId, t.createdAt),
  ],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  source: text('source'),
  tags: text('tags').array().notNull().default([]),
  status: text('status').notNull().default('pending'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each send of the weekly deals email (scheduled, or 'send now' by an admin): what went out, to how
 * many, how many failed. One at a time: the partial unique index admits one 'sending' row.
 */
export const newsletterSends = pgTable(
  'newsletter_sends',
  {
    id: serial('id').primaryKey(),
    trigger: text('trigger', { enum: ['schedule', 'admin'] }).notNull(),
    triggeredBy: text('triggered_by'),
    status: text('status', { enum: ['sending', 'sent', 'failed'] })
      .notNull()
      .default('sending'),
    subject: text('subject'),
    couponCount: integer('coupon_count'),
    recipients: integer('recipients').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_sends_one_at_a_time').on(t.status).where(sql`${t.status} = 'sending'`),
    index('newsletter_sends_started_idx').on(t.startedAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    /** The admin inbox's state: new, answered (a reply was sent), closed. */
    status: text('status', { enum: ['new', 'answered', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
);

/** The replies admins sent from the inbox, by email, kept with the message. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId)],
);
