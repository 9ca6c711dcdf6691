import { z } from 'zod';

/**
 * Deleting an account (decision 0070): the user row stays as a tombstone, so the records the site
 * must keep (points, decided cashback claims and payout reports, entries of committed giveaways)
 * still point at a row, but it names nobody.
 */

/** The name a deleted account's row carries; no username, first name or image is left. */
export const FORMER_MEMBER_NAME = 'Former member';

/**
 * A deleted account's email address is `deleted-<random>@deleted.invalid`: `.invalid` is reserved
 * (RFC 2606), so no mail is ever delivered there and no one can receive a reset link for it.
 */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** Whether an address is a deleted account's: the mark of a tombstone. */
export const isDeletedAccountEmail = (email: string): boolean =>
  email.trim().toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);

/** An admin's deletion of someone else's account: the reason is kept in the audit log. */
export const DeleteUserPayloadSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why in 3 characters or more; the reason is kept in the audit log.')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type DeleteUserPayload = z.infer<typeof DeleteUserPayloadSchema>;

const count = z.number().int().nonnegative();

/** What a deletion removed and what it kept without a name. */
export const AccountDeletionSchema = z.object({
  deleted: z.literal(true),
  removed: z.object({
    reviews: count,
    openGiveawayEntries: count,
    pendingCashbackClaims: count,
    pendingPayoutReports: count,
    /** Receipt and evidence images, each with its smaller copies. */
    images: count,
  }),
  kept: z.object({
    pointsLedgerRows: count,
    cashbackClaims: count,
    payoutReports: count,
    cashOuts: count,
    committedGiveawayEntries: count,
  }),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;
