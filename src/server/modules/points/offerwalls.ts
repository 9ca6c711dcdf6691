import { createHmac, timingSafeEqual } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offerPostbacks, pointsLedger, users } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { recordPoints } from './service';

export type OfferProvider = 'offerwall' | 'adscend';

const ADSCEND_ORIGIN = 'https://asmwall.com';

/** Which offerwalls are configured: a wall without its embed settings and secret is not offered. */
export function offerwallAvailability(env: Env): { offerwall: boolean; adscend: boolean } {
  return {
    offerwall: Boolean(env.OFFERWALL_URL && env.OFFERWALL_SECRET),
    adscend: Boolean(env.ADSCEND_PUB_ID && env.ADSCEND_WALL_ID && env.ADSCEND_SECRET),
  };
}

/** The origins the offerwall pages frame, for the CSP's frame-src. */
export function offerwallFrameSources(env: Env): string[] {
  const available = offerwallAvailability(env);
  const sources: string[] = [];
  if (available.offerwall && env.OFFERWALL_URL) sources.push(new URL(env.OFFERWALL_URL).origin);
  if (available.adscend) sources.push(ADSCEND_ORIGIN);
  return sources;
}

/** The wall's address for one user (their id is the sub-id the postbacks name), or null when not configured. */
export function offerwallUrl(env: Env, provider: OfferProvider, userId: string): string | null {
  if (!offerwallAvailability(env)[provider]) return null;
  if (provider === 'offerwall') {
    return (env.OFFERWALL_URL as string).replaceAll('{userId}', encodeURIComponent(userId));
  }
  return `${ADSCEND_ORIGIN}/adwall/publisher/${env.ADSCEND_PUB_ID}/profile/${env.ADSCEND_WALL_ID}?subid1=${encodeURIComponent(userId)}`;
}

const secretOf = (env: Env, provider: OfferProvider) =>
  provider === 'offerwall' ? env.OFFERWALL_SECRET : env.ADSCEND_SECRET;

/**
 * The signed message of a postback (docs/decisions: the postback scheme): the transaction id, the
 * user id, the points and the status joined with colons, signed with HMAC-SHA256 and the wall's
 * shared secret, as lowercase hex in `sig`.
 */
export function postbackSignature(
  secret: string,
  p: { transactionId: string; userId: string; points: string; status: string },
) {
  return createHmac('sha256', secret)
    .update(`${p.transactionId}:${p.userId}:${p.points}:${p.status}`)
    .digest('hex');
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  // Equal lengths first (timingSafeEqual requires them); the length of a hex HMAC is public anyway.
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface PostbackOutcome {
  outcome: 'credited' | 'reversed' | 'duplicate' | 'refused';
  refusalReason?: string;
  /** HTTP status to answer: 200 for anything the provider must not retry. */
  status: 200 | 400 | 403 | 404;
}

const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '');

/**
 * Handles one server-to-server postback: checks the signature (constant-time), then credits
 * (`status=1`) or reverses (`status=2`) the transaction once (ledger keys `offer:<provider>:<txn>`
 * and `offer-reversal:<provider>:<txn>`): a repeat answers success and credits nothing. Every
 * postback, accepted or not, is stored with why it was refused.
 */
export async function receivePostback(
  deps: { db: Db; changes: Changes; env: Env },
  provider: OfferProvider,
  query: Record<string, unknown>,
  ip: string,
): Promise<PostbackOutcome> {
  const { db, env } = deps;
  const p = {
    transactionId: text(query.transaction_id).trim(),
    userId: text(query.user_id).trim(),
    points: text(query.points).trim(),
    status: text(query.status).trim(),
    sig: text(query.sig).trim(),
  };
  const kind = p.status === '1' ? 'credit' : p.status === '2' ? 'reversal' : 'unknown';
  const points = /^\d{1,7}$/.test(p.points) ? Number(p.points) : null;
  const record = (outcome: PostbackOutcome, userId: string | null) =>
    db
      .insert(offerPostbacks)
      .values({
        provider,
        transactionId: p.transactionId || null,
        userId,
        points,
        kind,
        outcome: outcome.outcome,
        refusalReason: outcome.refusalReason ?? null,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, text(v).slice(0, 500)])),
        ip,
      })
      .then(() => outcome);
  const refuse = (status: PostbackOutcome['status'], reason: string, userId: string | null = null) =>
    record({ outcome: 'refused', refusalReason: reason, status }, userId);

  const secret = secretOf(env, provider);
  if (!secret) return refuse(404, 'offerwall not configured');
  if (!p.transactionId || !p.userId || !p.points || !p.status || !p.sig) {
    return refuse(400, 'missing parameter (transaction_id, user_id, points, status and sig are required)');
  }
  if (!signatureMatches(postbackSignature(secret, p), p.sig)) return refuse(403, 'bad signature');
  if (kind === 'unknown') return refuse(400, `unknown status ${p.status.slice(0, 20)}`);
  if (points === null || points === 0) return refuse(400, 'points must be a whole number above 0');
  if (p.transactionId.length > 200) return refuse(400, 'transaction id too long');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, p.userId));
  if (!user) return refuse(200, 'unknown user');

  const reference = `offer:${provider}:${p.transactionId}`;
  try {
    const changed = [{ type: 'points.updated' as const, id: user.id }];
    if (kind === 'credit') {
      const applied = await deps.changes.commit(db, async (tx) => {
        const credit = await recordPoints(tx, {
          userId: user.id,
          delta: points,
          reason: 'offer',
          reference,
          idempotencyKey: reference,
        });
        return { result: credit.applied, changes: credit.applied ? changed : [] };
      });
      return record({ outcome: applied ? 'credited' : 'duplicate', status: 200 }, user.id);
    }
    // A reversal takes back what the transaction credited, and only that.
    const applied = await deps.changes.commit(db, async (tx) => {
      const [credited] = await tx
        .select({ userId: pointsLedger.userId, delta: pointsLedger.delta })
        .from(pointsLedger)
        .where(eq(pointsLedger.idempotencyKey, reference));
      if (!credited || credited.userId !== user.id) return { result: null, changes: [] };
      const reversal = await recordPoints(tx, {
        userId: user.id,
        delta: -credited.delta,
        reason: 'offer_reversal',
        reference,
        idempotencyKey: `offer-reversal:${provider}:${p.transactionId}`,
      });
      return { result: reversal.applied, changes: reversal.applied ? changed : [] };
    });
    if (applied === null) return refuse(200, 'no credit to reverse for this transaction', user.id);
    return record({ outcome: applied ? 'reversed' : 'duplicate', status: 200 }, user.id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'insufficient_points') {
      // The points were already spent: the reversal is kept for an admin to settle by hand.
      return refuse(200, 'balance too low to reverse: settle by hand', user.id);
    }
    throw err;
  }
}

export async function listPostbacks(db: Db, filter: 'refused' | 'all') {
  const rows = await db
    .select()
    .from(offerPostbacks)
    .where(filter === 'refused' ? eq(offerPostbacks.outcome, 'refused') : undefined)
    .orderBy(desc(offerPostbacks.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    transactionId: r.transactionId,
    userId: r.userId,
    points: r.points,
    kind: r.kind,
    outcome: r.outcome,
    refusalReason: r.refusalReason,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  }));
}
