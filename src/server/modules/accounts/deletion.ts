import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AccountDeletion,
  DELETED_EMAIL_DOMAIN,
  FORMER_MEMBER_NAME,
  isDeletedAccountEmail,
} from '../../../domain/account-deletion';
import { hasAdminRole } from '../../../domain/accounts';
import type { Db, Tx } from '../../db/client';
import {
  accounts,
  activityLogs,
  cashbackClaims,
  cashOuts,
  firmClaims,
  firmFollows,
  firmRepresentatives,
  giveawayEntries,
  giveaways,
  knownDevices,
  newsletterSubscribers,
  pageViews,
  passkeys,
  payoutReportImages,
  payoutReports,
  pointsLedger,
  reviewReports,
  reviews,
  reviewVotes,
  savedSearches,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { ChangeEvent, Changes } from '../../lib/events';
import type { Storage } from '../../lib/storage';
import { imageKeysOf } from '../../lib/uploads';
import { type Actor, recordAudit } from '../admin/service';
import { normaliseEmail } from '../newsletter/service';

export interface DeletionDeps {
  db: Db;
  changes: Changes;
  storage: Storage;
  log: FastifyBaseLogger;
}

export interface DeletionRequest {
  /** 'self': the member, who confirmed with their password; else the admin who deletes the account. */
  by: 'self' | Actor;
  /** The admin's reason, kept in the audit log. */
  reason?: string | null;
}

/**
 * Deletes an account at once (decision 0070). In one transaction: the reviews, votes and reports
 * go; entries of giveaways still open go, the later tickets moving down so the list stays 1..n;
 * pending cashback claims and payout reports go; sign-in state, follows, saved searches and the
 * newsletter subscription go; analytics rows lose the link. What the site's books and published
 * draws need stays (points ledger, cash-outs, decided claims and reports, entries of committed
 * giveaways), on a row that becomes a tombstone: 'Former member' at an address on
 * `deleted.invalid`, so the email can sign up again. Once committed, the private images (receipts,
 * payout evidence) are deleted from storage.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  userId: string,
  { by, reason = null }: DeletionRequest,
): Promise<AccountDeletion> {
  if (by !== 'self' && by.id === userId) {
    throw new AppError(
      409,
      'own_account',
      'You cannot delete your own account here: use "Delete my account" on your profile.',
    );
  }
  const { summary, images } = await deps.changes.commit(deps.db, async (tx) => {
    const user = await lockAccount(tx, userId, by);
    const changes: ChangeEvent[] = [{ type: 'user.deleted', id: userId }];
    const removedReviews = await removeReviews(tx, userId, changes);
    const entries = await removeOpenEntries(tx, userId, changes);
    const claims = await settleClaims(tx, userId);
    const reports = await settleReports(tx, userId, changes);
    await endSignIns(tx, userId);
    await endRepresentation(tx, userId, changes);
    await stopEmails(tx, userId, user.email, changes);
    await tx.update(activityLogs).set({ userId: null }).where(eq(activityLogs.userId, userId));
    await tx.update(pageViews).set({ userId: null }).where(eq(pageViews.userId, userId));
    const [ledger] = await tx
      .select({ n: count() })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId));
    const [cashOutRows] = await tx.select({ n: count() }).from(cashOuts).where(eq(cashOuts.userId, userId));

    const email = `deleted-${randomUUID()}@${DELETED_EMAIL_DOMAIN}`;
    await tx
      .update(users)
      .set({
        name: FORMER_MEMBER_NAME,
        email,
        emailVerified: false,
        image: null,
        firstName: null,
        username: null,
        displayUsername: null,
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));

    const images = [...claims.images, ...reports.images];
    const summary: AccountDeletion = {
      deleted: true,
      removed: {
        reviews: removedReviews,
        openGiveawayEntries: entries.removed,
        pendingCashbackClaims: claims.removed,
        pendingPayoutReports: reports.removed,
        images: images.length,
      },
      kept: {
        pointsLedgerRows: ledger?.n ?? 0,
        cashbackClaims: claims.kept,
        payoutReports: reports.kept,
        cashOuts: cashOutRows?.n ?? 0,
        committedGiveawayEntries: entries.kept,
      },
    };
    // The entry is the account's deleted-at mark; it names the account by id only.
    await recordAudit(tx, by === 'self' ? { id: userId, email } : by, {
      action: 'delete',
      entity: 'user',
      entityId: userId,
      summary:
        by === 'self' ? 'the member deleted their own account' : `deleted the account ${userId}: ${reason}`,
      before: { role: user.role, createdAt: user.createdAt },
      after: { name: FORMER_MEMBER_NAME, reason, removed: summary.removed, kept: summary.kept },
    });
    return { result: { summary, images }, changes };
  });
  const failed = await deleteImages(deps, images);
  return { ...summary, removed: { ...summary.removed, images: images.length - failed } };
}

/**
 * The account's row, locked. An admin account is deleted only by its owner, and never the last
 * admin's: the admins' rows are locked first, in the order `setAdminRole` takes them, so two
 * admins leaving at once keep one.
 */
async function lockAccount(tx: Tx, userId: string, by: DeletionRequest['by']) {
  const [peek] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!peek) throw notFound('User');
  if (by === 'self' && hasAdminRole(peek.role)) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(like(users.role, '%admin%'))
      .for('update');
    if (admins.length <= 1) {
      throw new AppError(
        409,
        'last_admin',
        'You are the last admin: make another account an admin before deleting yours.',
      );
    }
  }
  const [user] = await tx
    .select({ email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound('User');
  if (isDeletedAccountEmail(user.email)) {
    throw new AppError(409, 'already_deleted', 'This account has already been deleted.');
  }
  if (by !== 'self' && hasAdminRole(user.role)) {
    throw new AppError(409, 'user_is_admin', 'Revoke admin before deleting this user.');
  }
  return user;
}

/**
 * The member's reviews, with the votes and reports on them (cascade) and their weekly awards (the
 * points those paid stay in the ledger); their votes and reports on others' reviews too.
 */
async function removeReviews(tx: Tx, userId: string, changes: ChangeEvent[]): Promise<number> {
  const own = await tx
    .select({ id: reviews.id, firmId: reviews.propFirmId })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  if (own.length) await tx.delete(reviews).where(eq(reviews.userId, userId));
  for (const review of own) changes.push({ type: 'review.deleted', id: review.id, firmId: review.firmId });

  const votes = await tx
    .select({ id: reviewVotes.reviewId, firmId: reviews.propFirmId })
    .from(reviewVotes)
    .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
    .where(eq(reviewVotes.userId, userId));
  if (votes.length) await tx.delete(reviewVotes).where(eq(reviewVotes.userId, userId));
  for (const vote of votes) changes.push({ type: 'review.counted', id: vote.id, firmId: vote.firmId });

  const [reports] = await tx
    .select({ n: count() })
    .from(reviewReports)
    .where(eq(reviewReports.userId, userId));
  if (reports?.n) await tx.delete(reviewReports).where(eq(reviewReports.userId, userId));
  return own.length;
}

/**
 * Entries of giveaways whose list is still open are removed; entries of a committed list stay with
 * their ticket, user id and hash, so the published hash still verifies, and lose only the social
 * media handle that would name the entrant (no hash covers it). Each
 * giveaway's row is locked as an entry locks it. Tickets stay 1..n (decision 0022): every later
 * entry moves down one, its hash recomputed for its new ticket as `computeEntryHash` makes it,
 * SHA-256 of `serverSeedHash:ticket:userId` (through negative numbers, so no two share a ticket
 * mid-way).
 */
async function removeOpenEntries(tx: Tx, userId: string, changes: ChangeEvent[]) {
  const mine = await tx
    .select({
      giveawayId: giveawayEntries.giveawayId,
      ticket: giveawayEntries.ticketNumber,
      handle: giveawayEntries.socialMediaHandle,
    })
    .from(giveawayEntries)
    .where(eq(giveawayEntries.userId, userId))
    .orderBy(asc(giveawayEntries.giveawayId));
  let removed = 0;
  for (const entry of mine) {
    const [giveaway] = await tx
      .select({ closedAt: giveaways.entriesClosedAt, seedHash: giveaways.serverSeedHash })
      .from(giveaways)
      .where(eq(giveaways.id, entry.giveawayId))
      .for('update');
    if (!giveaway) continue;
    const ofGiveaway = eq(giveawayEntries.giveawayId, entry.giveawayId);
    const own = and(ofGiveaway, eq(giveawayEntries.userId, userId));
    if (giveaway.closedAt) {
      // The one change the database lets through on a committed list (migration 0025).
      if (entry.handle !== null) {
        await tx.update(giveawayEntries).set({ socialMediaHandle: null }).where(own);
        changes.push({ type: 'giveaway.updated', id: entry.giveawayId });
      }
      continue;
    }
    await tx.delete(giveawayEntries).where(own);
    await tx
      .update(giveawayEntries)
      .set({ ticketNumber: sql`-${giveawayEntries.ticketNumber}` })
      .where(and(ofGiveaway, gt(giveawayEntries.ticketNumber, entry.ticket)));
    const ticket = sql`(-${giveawayEntries.ticketNumber} - 1)`;
    await tx
      .update(giveawayEntries)
      .set({
        ticketNumber: ticket,
        entryHash: sql`encode(sha256(convert_to(${giveaway.seedHash}::text || ':' || ${ticket}::text || ':' || ${giveawayEntries.userId}, 'UTF8')), 'hex')`,
      })
      .where(and(ofGiveaway, lt(giveawayEntries.ticketNumber, 0)));
    changes.push({ type: 'giveaway.updated', id: entry.giveawayId });
    removed += 1;
  }
  return { removed, kept: mine.length - removed };
}

/** Pending claims go; decided ones stay for the books, without their receipt. */
async function settleClaims(tx: Tx, userId: string) {
  const claims = await tx
    .select({ id: cashbackClaims.id, status: cashbackClaims.status, image: cashbackClaims.proofImage })
    .from(cashbackClaims)
    .where(eq(cashbackClaims.userId, userId));
  const pending = claims.filter((c) => c.status === 'pending').map((c) => c.id);
  const keptWithImage = claims.filter((c) => c.status !== 'pending' && c.image).map((c) => c.id);
  if (pending.length) await tx.delete(cashbackClaims).where(inArray(cashbackClaims.id, pending));
  if (keptWithImage.length) {
    await tx
      .update(cashbackClaims)
      .set({ proofImage: null })
      .where(inArray(cashbackClaims.id, keptWithImage));
  }
  return {
    removed: pending.length,
    kept: claims.length - pending.length,
    images: claims.flatMap((c) => (c.image ? [c.image] : [])),
  };
}

/**
 * Pending payout reports go; decided ones stay (a verified one counts in its firm's record),
 * without their evidence images, comment or shown username.
 */
async function settleReports(tx: Tx, userId: string, changes: ChangeEvent[]) {
  const reports = await tx
    .select({ id: payoutReports.id, status: payoutReports.status, firmId: payoutReports.propFirmId })
    .from(payoutReports)
    .where(eq(payoutReports.userId, userId));
  if (reports.length === 0) return { removed: 0, kept: 0, images: [] };
  const images = await tx
    .select({ key: payoutReportImages.storageKey })
    .from(payoutReportImages)
    .where(
      inArray(
        payoutReportImages.reportId,
        reports.map((r) => r.id),
      ),
    );
  const pending = reports.filter((r) => r.status === 'pending');
  const kept = reports.filter((r) => r.status !== 'pending');
  if (pending.length) {
    await tx.delete(payoutReports).where(
      inArray(
        payoutReports.id,
        pending.map((r) => r.id),
      ),
    );
  }
  if (kept.length) {
    const ids = kept.map((r) => r.id);
    await tx.delete(payoutReportImages).where(inArray(payoutReportImages.reportId, ids));
    await tx
      .update(payoutReports)
      .set({ comment: null, showUsername: false })
      .where(inArray(payoutReports.id, ids));
  }
  for (const r of pending) changes.push({ type: 'payout.deleted', id: r.id, firmId: r.firmId });
  for (const r of kept) changes.push({ type: 'payout.updated', id: r.id, firmId: r.firmId });
  return { removed: pending.length, kept: kept.length, images: images.map((i) => i.key) };
}

/**
 * Every way in ends: sessions (at once, on every node), the password, two-factor, passkeys, known
 * browsers, tokens.
 */
async function endSignIns(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
  // Reset links and a password sign-in waiting for its code hold the user's id as their value.
  await tx.delete(verifications).where(eq(verifications.value, userId));
}

/** No more email: the newsletter subscription of the account's address, follows, saved searches. */
/**
 * The account stops speaking for any firm (the firm is no longer "claimed" by it) and its claims,
 * which hold a work address, go.
 */
async function endRepresentation(tx: Tx, userId: string, changes: ChangeEvent[]): Promise<void> {
  const current = and(eq(firmRepresentatives.userId, userId), isNull(firmRepresentatives.removedAt));
  const firms = await tx
    .select({ id: firmRepresentatives.propFirmId })
    .from(firmRepresentatives)
    .where(current);
  if (firms.length > 0) {
    await tx
      .update(firmRepresentatives)
      .set({ removedAt: new Date(), removedReason: 'the account was deleted' })
      .where(current);
    for (const { id } of firms) changes.push({ type: 'firm.updated', id });
  }
  await tx.delete(firmClaims).where(eq(firmClaims.userId, userId));
}

async function stopEmails(tx: Tx, userId: string, email: string, changes: ChangeEvent[]): Promise<void> {
  const subscriptions = await tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normaliseEmail(email)));
  for (const { id } of subscriptions) {
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    changes.push({ type: 'subscriber.deleted', id });
  }
  await tx.delete(firmFollows).where(eq(firmFollows.userId, userId));
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
}

/**
 * Deletes the private images and their smaller copies from storage, after the commit: a failure is
 * logged with the key for an operator to remove by hand, never undoes the deletion. Returns how
 * many images failed.
 */
async function deleteImages({ storage, log }: DeletionDeps, keys: readonly string[]): Promise<number> {
  let failed = 0;
  for (const key of keys) {
    const results = await Promise.allSettled(imageKeysOf(key).map((k) => storage.delete(k, 'private')));
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    if (errors.length) {
      failed += 1;
      log.error({ err: errors[0], key }, "a deleted account's private image was not removed from storage");
    }
  }
  return failed;
}
