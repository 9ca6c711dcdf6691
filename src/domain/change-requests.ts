import { z } from 'zod';
import { type AdminFirm, FirmOptionsSchema, FirmUpdateSchema, type FirmValues } from './admin-firms';
import { FieldChangeSchema } from './catalog-diff';

/**
 * Contracts of the firm console (`/api/firm-console/{slug}`) and of the corrections a firm proposes
 * (`/api/firm-console/{slug}/change-requests`, `/api/admin/change-requests`). A proposal is the
 * admin editor's own body (`{ version, firm }`) plus a note and a source; an admin applies it
 * through the editor's save.
 */

const isoTimestamp = z.string().describe('ISO 8601 timestamp (UTC)');
const id = z.number().int();

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export const CHANGE_NOTE_MIN = 10;
export const CHANGE_NOTE_MAX = 2000;
export const CHANGE_REASON_MAX = 1000;

/**
 * The fields only Prop Firm Club sets: its listing decisions, its trust rating and the write-ups
 * behind it, its own links and programmes. A proposal that changes one is refused (400, naming
 * the field); an approval keeps the firm's current values of these, whatever the proposal held.
 */
export const SITE_ONLY_FIRM_FIELDS = [
  'slug',
  'status',
  'featured',
  'trustRating',
  'ratingOverview',
  'ratingLeadership',
  'ratingTransparency',
  'ratingThirdPartyReviews',
  'ratingLongTermVision',
  'ratingSustainability',
  'watchOutFor',
  'affiliateUrl',
  'cashbackProvided',
  'cashbackPercentage',
  'londonExpoEnabled',
  'londonExpoUrl',
  'payoutJunctionEnabled',
  'payoutJunctionUrl',
] as const satisfies readonly (keyof FirmValues & keyof AdminFirm)[];
export type SiteOnlyFirmField = (typeof SITE_ONLY_FIRM_FIELDS)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The site-only fields a proposal would change, in the list's order. */
export const siteOnlyChanges = (current: AdminFirm, proposed: FirmValues): SiteOnlyFirmField[] =>
  SITE_ONLY_FIRM_FIELDS.filter((field) => !same(current[field], proposed[field]));

/** What an approval saves: the proposal, with the firm's current site-only fields. */
export function withSiteFields(current: AdminFirm, proposed: FirmValues): FirmValues {
  const kept = Object.fromEntries(SITE_ONLY_FIRM_FIELDS.map((field) => [field, current[field]]));
  return { ...proposed, ...kept } as FirmValues;
}

/** `POST /api/firm-console/{slug}/change-requests`: the editor's save body, a note and a source. */
export const ChangeRequestPayloadSchema = FirmUpdateSchema.extend({
  note: z
    .string({ error: 'Say what changed and why.' })
    .trim()
    .min(CHANGE_NOTE_MIN, `Say what changed and why (${CHANGE_NOTE_MIN} characters or more).`)
    .max(CHANGE_NOTE_MAX, `The note is at most ${CHANGE_NOTE_MAX} characters.`),
  source: z
    .string({ error: "Give a link to the firm's own page that shows the change." })
    .trim()
    .max(2000, 'The link is at most 2,000 characters.')
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: "Give a link (https://...) to the firm's own page that shows the change.",
      }),
    ),
});
export type ChangeRequestPayload = z.input<typeof ChangeRequestPayloadSchema>;
export type ChangeRequestValues = z.output<typeof ChangeRequestPayloadSchema>;

export const ChangeRequestCreatedSchema = z.object({ id, status: z.enum(CHANGE_REQUEST_STATUSES) });

/** A request as its firm's representatives see it in the console. */
export const OwnChangeRequestSchema = z.object({
  id,
  status: z.enum(CHANGE_REQUEST_STATUSES),
  note: z.string(),
  source: z.string(),
  /** The firm's version the request was made against. */
  version: id,
  /** What it changes, field by field, as it was sent (against the version it was made from). */
  changes: z.array(FieldChangeSchema),
  /** Why an admin rejected it. */
  reason: z.string().nullable(),
  createdAt: isoTimestamp,
  decidedAt: isoTimestamp.nullable(),
});
export type OwnChangeRequest = z.infer<typeof OwnChangeRequestSchema>;

/** A request in the admins' queue, with the dry run of applying it to the firm as it is now. */
export const AdminChangeRequestSchema = OwnChangeRequestSchema.extend({
  firm: z.object({ id, slug: z.string(), name: z.string(), version: id }),
  requestedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** Applying it now: field by field against the firm's current version. */
  diff: z.array(FieldChangeSchema),
  /** Its rule, price and size changes as the firm's public history would show them. */
  ruleChanges: z.array(z.string()),
  /** Followers who would get the rule-change email. */
  followers: z.number().int(),
  /** Saved since the request was made (empty when the firm is still at the request's version). */
  changedSince: z.array(FieldChangeSchema),
});
export type AdminChangeRequest = z.infer<typeof AdminChangeRequestSchema>;

export const AdminChangeRequestListQuerySchema = z.object({
  status: z.enum(CHANGE_REQUEST_STATUSES).default('pending'),
});
export const AdminChangeRequestListSchema = z.array(AdminChangeRequestSchema);

/**
 * An approval names the firm's version the admin looked at: a request made against an older
 * version is applied only once its "changed since" has been seen (409 otherwise).
 */
export const ApproveChangeRequestSchema = z.object({
  version: z.number({ error: 'version is required' }).int().positive(),
});
export const RejectChangeRequestSchema = z.object({
  reason: z
    .string({ error: 'Give a reason the firm will read.' })
    .trim()
    .min(5, 'Give a reason the firm will read (5 characters or more).')
    .max(CHANGE_REASON_MAX, `The reason is at most ${CHANGE_REASON_MAX} characters.`),
});

const Change = z.object({ value: z.number(), previous: z.number() });

/** `GET /api/firm-console/{slug}/overview`: the console's first screen. */
export const FirmConsoleOverviewSchema = z.object({
  firm: z.object({ id, slug: z.string(), name: z.string() }),
  /** The last 30 days against the 30 before, from the site's analytics. */
  figures: z.object({
    from: z.string(),
    to: z.string(),
    pageViews: Change,
    outboundClicks: Change,
    couponCopies: Change,
  }),
  /** Published reviews and verified denied payout reports with no reply from the firm. */
  unanswered: z.object({
    reviews: z.array(
      z.object({
        id,
        rating: z.number().int(),
        title: z.string(),
        author: z.string(),
        createdAt: isoTimestamp,
      }),
    ),
    payoutReports: z.array(
      z.object({
        id,
        amountCents: z.number().int().nullable(),
        reason: z.string().nullable(),
        createdAt: isoTimestamp,
      }),
    ),
  }),
  /** The firm's replies held for a check or hidden by an admin. */
  repliesWaiting: z.number().int(),
  coupons: z.array(
    z.object({
      id,
      code: z.string(),
      title: z.string().nullable(),
      discountPercent: z.number().nullable(),
      expiryDate: z.string().nullable().describe('YYYY-MM-DD, the last day it works'),
      isActive: z.boolean(),
      usageCount: z.number().int(),
    }),
  ),
  changeRequests: z.array(OwnChangeRequestSchema),
  /**
   * The platforms and payout methods a proposal may choose from (the editor's own list,
   * `GET /api/admin/firms/options`, is for admins only).
   */
  options: FirmOptionsSchema,
});
export type FirmConsoleOverview = z.infer<typeof FirmConsoleOverviewSchema>;
