import { z } from 'zod';
import { SOCIAL_HANDLE_MAX } from './giveaway-rules';
import { MAX_ROW_ID, rowId } from './ids';

/** Entries per page of the entry list. */
export const ENTRIES_PAGE_SIZE = 50;
export const ENTRIES_PAGE_MAX = 200;

export const GiveawayFirmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
});

export const GiveawaySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string().nullable(),
  giveawayImage: z.string().nullable(),
  giveawayLink: z.string().nullable(),
  prizeDescription: z.string().nullable(),
  prizeValue: z.string().nullable(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  maxEntries: z.number().int().nullable(),
  winnerCount: z.number().int(),
  entryCount: z.number().int(),
  /** Null until the giveaway is completed: the seed never leaves the server before. */
  serverSeed: z.string().nullable(),
  serverSeedHash: z.string(),
  /** Where the client seed comes from, named when the giveaway was created. */
  clientSeedSource: z.string().nullable(),
  clientSeed: z.string().nullable(),
  /** When the entry list was fixed, and SHA-256 of its canonical text (decision 0022). */
  entriesClosedAt: z.string().nullable(),
  entryListHash: z.string().nullable(),
  winnerUserIds: z.array(z.string()),
  winnerTicketNumbers: z.array(z.number().int()),
  propFirm: GiveawayFirmSchema.nullable(),
});
export type Giveaway = z.infer<typeof GiveawaySchema>;
export const GiveawayListSchema = z.array(GiveawaySchema);

export const GiveawaySlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

export const GiveawayEntrySchema = z.object({
  id: z.number().int(),
  ticketNumber: z.number().int(),
  socialMediaHandle: z.string().nullable(),
  createdAt: z.string(),
  entryHash: z.string(),
  /** Public: every entry hash and the entry-list commitment are computed from it. */
  userId: z.string(),
  /** Null when the entrant has since deleted their account. Never the email. */
  user: z.object({ username: z.string().nullable(), profileImageUrl: z.string().nullable() }).nullable(),
});
export type GiveawayEntry = z.infer<typeof GiveawayEntrySchema>;

export const GiveawayEntriesQuerySchema = z.object({
  /** Keyset paging: entries with a ticket number above this one. */
  after: z.coerce.number().int().min(0).max(MAX_ROW_ID).default(0),
  limit: z.coerce.number().int().min(1).max(ENTRIES_PAGE_MAX).default(ENTRIES_PAGE_SIZE),
});

export const GiveawayEntryPageSchema = z.object({
  entries: z.array(GiveawayEntrySchema),
  total: z.number().int(),
  /** Pass as `after` for the next page; null on the last page. */
  nextAfter: z.number().int().nullable(),
});
export type GiveawayEntryPage = z.infer<typeof GiveawayEntryPageSchema>;

export const MyGiveawayEntrySchema = z.object({
  userEntry: z
    .object({ ticketNumber: z.number().int(), entryHash: z.string(), createdAt: z.string() })
    .nullable(),
});
export type MyGiveawayEntry = z.infer<typeof MyGiveawayEntrySchema>;

export const EnterGiveawayPayloadSchema = z.object({
  completedActions: z.record(z.string(), z.unknown()).optional(),
  socialMediaHandle: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= SOCIAL_HANDLE_MAX, {
      message: `socialMediaHandle must be at most ${SOCIAL_HANDLE_MAX} characters`,
    })
    // Plain text on one line: no control characters (newlines, tabs, escapes).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
    .refine((v) => v === null || !/[\u0000-\u001f\u007f]/.test(v), {
      message: 'socialMediaHandle must be plain text on one line',
    }),
});
export type EnterGiveawayPayload = z.input<typeof EnterGiveawayPayloadSchema>;

export const EnterGiveawayResultSchema = z.object({
  ticketNumber: z.number().int(),
  entryHash: z.string(),
  entryCount: z.number().int(),
});
export type EnterGiveawayResult = z.infer<typeof EnterGiveawayResultSchema>;

// ---------------------------------------------------------------- admin

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null ? v : v.trim() || null));

const dateField = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** A link or image address an admin gives: absolute http(s), or a path on this site. */
const linkField = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => (v == null ? v : v.trim() || null))
  .refine((v) => v == null || /^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//')), {
    message: 'must be an http(s) address or a path starting with /',
  });

export const AdminGiveawayCreateSchema = z.object({
  title: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lowercase letters, digits and single hyphens')
    .optional(),
  description: optionalText(20_000),
  giveawayImage: linkField,
  giveawayLink: linkField,
  prizeDescription: optionalText(500),
  prizeValue: optionalText(100),
  startDate: dateField,
  endDate: dateField,
  maxEntries: z.number().int().min(1).max(10_000_000).nullish(),
  winnerCount: z.number().int().min(1).max(1000).default(1),
  propFirmId: rowId().nullish(),
  /**
   * Public randomness nobody knows before entries close, named now: e.g. 'drand quicknet round
   * 21000000' or 'Bitcoin block 930000 hash'.
   */
  clientSeedSource: z.string().trim().min(3).max(500),
});
export type AdminGiveawayCreate = z.input<typeof AdminGiveawayCreateSchema>;

export const AdminGiveawayPatchSchema = AdminGiveawayCreateSchema.partial().extend({
  winnerCount: z.number().int().min(1).max(1000).optional(),
});
export type AdminGiveawayPatch = z.input<typeof AdminGiveawayPatchSchema>;

export const AdminDrawPayloadSchema = z.object({
  /** The value the named client seed source produced, copied as published there. */
  clientSeed: z.string().trim().min(1).max(500),
});

/** An uploaded giveaway picture: put `url` in giveawayImage. */
export const GiveawayImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
