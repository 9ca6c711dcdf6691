import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { neutralizeFormula } from '../../../domain/csv-rules';
import {
  displayTransactionReference,
  OTHER_PAYOUT_METHOD_LABEL,
  type PayoutNetwork,
} from '../../../domain/payout-rules';
import type { Db } from '../../db/client';
import {
  cashbackClaims,
  cashOuts,
  firmAccounts,
  fundingModels,
  giveawayEntries,
  giveaways,
  newsletterSubscribers,
  payoutMethods,
  payoutReportImages,
  payoutReports,
  pointsLedger,
  propFirms,
  reviews,
  savedSearches,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { listFollowedFirms } from '../rule-changes/service';
import { collectFirmRepresentation } from './export-firm';
import { listSignedInSessions } from './sessions';

/**
 * "Download my data" (GDPR articles 15 and 20): everything the site keeps about one account, as
 * JSON and CSV files in one ZIP, with the receipt and evidence images as they were stored. Never a
 * password hash, a session token, a two-factor secret, an unsubscribe token or an IP address (none
 * is stored), and nothing an admin wrote about the person for other admins (internal notes, the
 * automatic flags that name other people's reports, who decided).
 */

export const EXPORT_FORMAT = 'prop-firm-club/account-export/v1';

/** An image to copy into the archive: where it goes in the ZIP and its private storage key. */
export interface ExportImage {
  path: string;
  key: string;
}

/** The account's data, read in full before the archive is written. */
export interface AccountData {
  exportedAt: string;
  account: Record<string, unknown>;
  reviews: Record<string, unknown>[];
  ledger: LedgerRow[];
  cashbackClaims: (Record<string, unknown> & { receiptFile: string | null })[];
  payoutReports: (Record<string, unknown> & { evidenceFiles: string[] })[];
  giveawayEntries: Record<string, unknown>[];
  cashOuts: Record<string, unknown>[];
  firmRepresentation: Awaited<ReturnType<typeof collectFirmRepresentation>>;
  images: ExportImage[];
}

interface LedgerRow {
  createdAt: Date;
  delta: number;
  reason: string;
  reference: string | null;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;
/** The key's own extension (storage keys always have one, lib/storage.ts). */
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const rolesOf = (role: string) =>
  role
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

/** The profile, roles, newsletter, follows, saved searches and signed-in devices of account.json. */
async function collectAccount(db: Db, userId: string, currentSessionId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('Account');
  const [newsletter] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, user.email.trim().toLowerCase()))
    .limit(1);
  const searches = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  const devices = await listSignedInSessions(db, userId, currentSessionId);
  const suspended = user.banned === true && (!user.banExpires || user.banExpires > now);
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      firstName: user.firstName,
      username: user.displayUsername || user.username,
      points: user.points,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    roles: rolesOf(user.role),
    suspension: suspended ? { reason: user.banReason, until: iso(user.banExpires) } : null,
    newsletter: newsletter
      ? {
          email: newsletter.email,
          status: newsletter.status,
          source: newsletter.source,
          subscribedAt: newsletter.createdAt.toISOString(),
          confirmedAt: iso(newsletter.confirmedAt),
          unsubscribedAt: iso(newsletter.unsubscribedAt),
        }
      : null,
    followedFirms: (await listFollowedFirms(db, userId)).map((f) => ({
      firm: { name: f.name, slug: f.slug },
      followedAt: f.followedAt,
    })),
    savedSearches: searches.map((s) => ({
      name: s.name,
      query: s.query,
      alertEmails: s.alerts,
      lastAlertEmailAt: iso(s.lastEmailAt),
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    })),
    // The devices, never the sessions' ids or tokens.
    sessions: devices.map((d) => ({
      browser: d.browser,
      system: d.system,
      startedAt: d.createdAt,
      lastActiveAt: d.lastActiveAt,
      current: d.current,
    })),
  };
}

async function collectReviews(db: Db, userId: string) {
  const rows = await db
    .select({ review: reviews, firmName: propFirms.name, firmSlug: propFirms.slug })
    .from(reviews)
    .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  return rows.map(({ review: r, firmName, firmSlug }) => ({
    id: r.id,
    firm: { name: firmName, slug: firmSlug },
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    verifiedPurchase: r.isVerified,
    createdAt: r.createdAt.toISOString(),
    // The moderation outcome, as the author sees it on their profile.
    moderation: {
      status: r.status,
      reason: r.moderationReason,
      decidedAt: iso(r.moderatedAt),
    },
  }));
}

async function collectClaims(db: Db, userId: string) {
  const rows = await db
    .select({ claim: cashbackClaims, firmName: propFirms.name, firmSlug: propFirms.slug })
    .from(cashbackClaims)
    .innerJoin(propFirms, eq(propFirms.id, cashbackClaims.propFirmId))
    .where(eq(cashbackClaims.userId, userId))
    .orderBy(asc(cashbackClaims.createdAt), asc(cashbackClaims.id));
  const images: ExportImage[] = [];
  const claims = rows.map(({ claim: c, firmName, firmSlug }) => {
    const receiptFile = c.proofImage ? `receipts/claim-${c.id}.${extensionOf(c.proofImage)}` : null;
    if (c.proofImage && receiptFile) images.push({ path: receiptFile, key: c.proofImage });
    return {
      id: c.id,
      firm: { name: firmName, slug: firmSlug },
      orderReference: c.orderReference,
      amountSpent: c.amountSpent / 100,
      purchaseDate: c.purchaseDate,
      cashbackPercentage: c.cashbackPercentage,
      status: c.status,
      pointsAwarded: c.pointsAwarded,
      rejectionReason: c.rejectionReason,
      createdAt: c.createdAt.toISOString(),
      reviewedAt: iso(c.reviewedAt),
      receiptFile,
    };
  });
  return { claims, images };
}

async function collectPayoutReports(db: Db, userId: string) {
  const rows = await db
    .select({
      report: payoutReports,
      firmName: propFirms.name,
      firmSlug: propFirms.slug,
      method: payoutMethods.name,
      accountSize: firmAccounts.capital,
      fundingModel: fundingModels.name,
    })
    .from(payoutReports)
    .innerJoin(propFirms, eq(propFirms.id, payoutReports.propFirmId))
    .leftJoin(payoutMethods, eq(payoutMethods.id, payoutReports.payoutMethodId))
    .leftJoin(firmAccounts, eq(firmAccounts.id, payoutReports.accountId))
    .leftJoin(fundingModels, eq(fundingModels.id, payoutReports.fundingModelId))
    .where(eq(payoutReports.userId, userId))
    .orderBy(asc(payoutReports.createdAt), asc(payoutReports.id));
  const ids = rows.map((r) => r.report.id);
  const stored = ids.length
    ? await db
        .select()
        .from(payoutReportImages)
        .where(inArray(payoutReportImages.reportId, ids))
        .orderBy(asc(payoutReportImages.reportId), asc(payoutReportImages.position))
    : [];
  const images: ExportImage[] = stored.map((i) => ({
    path: `payout-evidence/report-${i.reportId}-${i.position}.${extensionOf(i.storageKey)}`,
    key: i.storageKey,
  }));
  const reports = rows.map(({ report: r, ...joined }) => {
    const network = r.network as PayoutNetwork | null;
    return {
      id: r.id,
      firm: { name: joined.firmName, slug: joined.firmSlug },
      kind: r.kind,
      amount: r.amountCents == null ? null : r.amountCents / 100,
      method:
        r.kind === 'denied'
          ? null
          : (joined.method ?? (r.payoutMethodId == null ? OTHER_PAYOUT_METHOD_LABEL : null)),
      requestedOn: r.requestedOn,
      receivedOn: r.receivedOn,
      deniedOn: r.deniedOn,
      denialReason: r.denialReason,
      accountSize: joined.accountSize,
      fundingModel: joined.fundingModel,
      comment: r.comment,
      showUsername: r.showUsername,
      network,
      transactionReference:
        network && r.transactionReference
          ? displayTransactionReference(network, r.transactionReference)
          : null,
      processor: r.processor,
      processorReference: r.processorReference,
      status: r.status,
      grade: r.grade,
      rejectionReason: r.rejectionReason,
      revokedAt: iso(r.revokedAt),
      pointsAwarded: r.pointsAwarded,
      createdAt: r.createdAt.toISOString(),
      decidedAt: iso(r.decidedAt),
      evidenceFiles: images.filter((_, n) => stored[n].reportId === r.id).map((image) => image.path),
    };
  });
  return { reports, images };
}

async function collectGiveawayEntries(db: Db, userId: string) {
  const rows = await db
    .select({ entry: giveawayEntries, giveaway: giveaways })
    .from(giveawayEntries)
    .innerJoin(giveaways, eq(giveaways.id, giveawayEntries.giveawayId))
    .where(eq(giveawayEntries.userId, userId))
    .orderBy(asc(giveawayEntries.createdAt), asc(giveawayEntries.id));
  return rows.map(({ entry: e, giveaway: g }) => ({
    giveaway: {
      slug: g.slug,
      title: g.title,
      status: g.status,
      endDate: g.endDate.toISOString(),
      serverSeedHash: g.serverSeedHash,
      entriesClosedAt: iso(g.entriesClosedAt),
      entryListHash: g.entryListHash,
      verifyPath: `/verify-giveaway?slug=${encodeURIComponent(g.slug)}`,
    },
    ticketNumber: e.ticketNumber,
    // The hash the committed entry list and /verify-giveaway show: this entry's line there is
    // `<ticketNumber>:<userId>:<entryHash>`.
    entryHash: e.entryHash,
    userId: e.userId,
    socialMediaHandle: e.socialMediaHandle,
    enteredAt: e.createdAt.toISOString(),
    won: g.winnerUserIds.includes(userId),
  }));
}

async function collectCashOuts(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(cashOuts)
    .where(eq(cashOuts.userId, userId))
    .orderBy(asc(cashOuts.createdAt), asc(cashOuts.id));
  return rows.map((c) => ({
    id: c.id,
    points: c.points,
    method: c.method,
    destination: c.destination,
    status: c.status,
    paymentReference: c.paymentReference,
    rejectionReason: c.rejectionReason,
    createdAt: c.createdAt.toISOString(),
    decidedAt: iso(c.decidedAt),
  }));
}

/** Reads everything the archive holds for one account; 404 when the account is gone. */
export async function collectAccountData(
  db: Db,
  userId: string,
  currentSessionId: string,
  now = new Date(),
): Promise<AccountData> {
  // One query after another: a transaction's client (and pg 9) refuse two at once.
  const account = await collectAccount(db, userId, currentSessionId, now);
  const ownReviews = await collectReviews(db, userId);
  const ledger = await db
    .select({
      createdAt: pointsLedger.createdAt,
      delta: pointsLedger.delta,
      reason: pointsLedger.reason,
      reference: pointsLedger.reference,
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(asc(pointsLedger.createdAt), asc(pointsLedger.id));
  const claims = await collectClaims(db, userId);
  const reports = await collectPayoutReports(db, userId);
  return {
    exportedAt: now.toISOString(),
    account,
    reviews: ownReviews,
    ledger,
    cashbackClaims: claims.claims,
    payoutReports: reports.reports,
    giveawayEntries: await collectGiveawayEntries(db, userId),
    cashOuts: await collectCashOuts(db, userId),
    firmRepresentation: await collectFirmRepresentation(db, userId),
    images: [...claims.images, ...reports.images],
  };
}

/** The ledger as CSV, oldest first, with the balance after each row (formula-injection safe). */
export function ledgerCsv(rows: readonly LedgerRow[]): string {
  let balance = 0;
  return stringify(
    rows.map((row) => {
      balance += row.delta;
      return [row.createdAt.toISOString(), row.delta, balance, row.reason, row.reference ?? ''].map(
        neutralizeFormula,
      );
    }),
    { header: true, columns: ['Date', 'Points', 'Balance', 'Reason', 'Reference'] },
  );
}

/** The data files, with references only to the images that made it into the archive. */
function dataFiles(data: AccountData, included: ReadonlySet<string>): [string, string][] {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return [
    ['account.json', json(data.account)],
    ['reviews.json', json(data.reviews)],
    ['points-ledger.csv', ledgerCsv(data.ledger)],
    [
      'cashback-claims.json',
      json(
        data.cashbackClaims.map((c) => ({
          ...c,
          receiptFile: c.receiptFile && included.has(c.receiptFile) ? c.receiptFile : null,
        })),
      ),
    ],
    [
      'payout-reports.json',
      json(
        data.payoutReports.map((r) => ({
          ...r,
          evidenceFiles: r.evidenceFiles.filter((path) => included.has(path)),
        })),
      ),
    ],
    ['giveaway-entries.json', json(data.giveawayEntries)],
    ['cash-outs.json', json(data.cashOuts)],
    ['firm-representation.json', json(data.firmRepresentation)],
  ];
}

/** The file name of the download: `propfirmclub-data-YYYY-MM-DD.zip` (UTC). */
export const exportFileName = (now: Date) => `propfirmclub-data-${now.toISOString().slice(0, 10)}.zip`;

/**
 * Writes the archive as a stream: the images first, each read from storage in turn (local folder or
 * S3, lib/storage.ts) and copied as stored, so memory holds one chunk of one image at a time and
 * waits while the client is slow; then the data files, which name only the images found. An image
 * missing from storage is left out and logged; a storage error ends the stream with that error.
 */
export function buildExportZip(
  storage: Storage,
  data: AccountData,
  onMissing: (image: ExportImage) => void = () => {},
): Readable {
  const out = new PassThrough();
  let full = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    if (!out.write(chunk)) full = true;
    if (final) out.end();
  });
  // Resolves once the client has taken what was written, or the stream has ended (client gone).
  const drained = () =>
    full && !out.destroyed
      ? new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            full = false;
            resolve();
          };
          out.on('drain', done);
          out.on('close', done);
        })
      : Promise.resolve();
  const mtime = new Date(data.exportedAt);

  const write = async () => {
    const included = new Set<string>();
    for (const image of data.images) {
      await drained();
      if (out.destroyed) return;
      const opened = await storage.open(image.key, 'private');
      if (!opened) {
        onMissing(image);
        continue;
      }
      // Stored images are compressed already (WebP): kept as they are.
      const file = new ZipPassThrough(image.path);
      file.mtime = mtime;
      zip.add(file);
      try {
        for await (const chunk of opened.body) {
          file.push(chunk as Uint8Array);
          await drained();
          if (out.destroyed) return;
        }
      } finally {
        opened.body.destroy();
      }
      file.push(new Uint8Array(0), true);
      included.add(image.path);
    }
    for (const [name, text] of dataFiles(data, included)) {
      const file = new ZipDeflate(name, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      file.push(strToU8(text), true);
      await drained();
      if (out.destroyed) return;
    }
    zip.end();
  };
  write().catch((error: unknown) => {
    zip.terminate();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
