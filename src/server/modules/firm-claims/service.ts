import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  CLAIM_CODE_DIGITS,
  CLAIM_CODE_MINUTES,
  CLAIM_CODE_TRIES,
  checkWorkEmail,
  firmClaimState,
  firmEmailDomain,
} from '../../../domain/firm-claim-rules';
import type { FirmClaimCreated, FirmClaimPayload, OwnFirmClaim } from '../../../domain/firm-claims';
import type { RepresentedFirm } from '../../../domain/firm-representatives';
import type { Db, Tx } from '../../db/client';
import { accounts, firmClaims, firmRepresentatives, propFirms, users } from '../../db/schema';
import { DEMO_REP_EMAIL } from '../../db/seed/demo-representative';
import type { Env } from '../../env';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { listedFirmWhere } from '../firms/service';
import { renderClaimCodeEmail } from './emails';

/**
 * Claimed firm profiles: a user proves they work at a firm with a code sent to an address at the
 * firm's domain, an admin approves the claim (admin.ts), and the user becomes one of the firm's
 * representatives. Other modules ask here whether a user represents a firm.
 */

export interface FirmClaimDeps {
  db: Db;
  changes: Changes;
  mailer: Mailer;
  publicUrl: string;
  /** The HMAC key codes are kept under (derived from the master secret). */
  codeKey: string;
  log: FastifyBaseLogger;
}

export const firmPageUrl = (publicUrl: string, slug: string) =>
  `${publicUrl.replace(/\/$/, '')}/firm/${encodeURIComponent(slug)}`;

/** Whether the user currently represents the firm: one lookup of the current representatives' unique index. */
export async function isFirmRepresentative(db: Tx, userId: string, firmId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: firmRepresentatives.id })
    .from(firmRepresentatives)
    .where(
      and(
        eq(firmRepresentatives.propFirmId, firmId),
        eq(firmRepresentatives.userId, userId),
        isNull(firmRepresentatives.removedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const REFUSED_TO_REPRESENTATIVES = {
  review: 'so you cannot review it',
  payout: 'so you cannot report a payout from it',
} as const;

/** 403 for a representative of the firm: they may not review it or report its payouts. */
export async function assertNotFirmRepresentative(
  db: Db,
  userId: string,
  firm: { id: number; name: string },
  action: keyof typeof REFUSED_TO_REPRESENTATIVES,
): Promise<void> {
  if (await isFirmRepresentative(db, userId, firm.id)) {
    throw new AppError(
      403,
      'firm_representative',
      `You represent ${firm.name} on Prop Firm Club, ${REFUSED_TO_REPRESENTATIVES[action]}.`,
    );
  }
}

/** The firms the user represents, by name (the current user's `representativeOf`). */
export async function listRepresentedFirms(db: Db, userId: string): Promise<RepresentedFirm[]> {
  return db
    .select({ firmId: propFirms.id, slug: propFirms.slug, name: propFirms.name })
    .from(firmRepresentatives)
    .innerJoin(propFirms, eq(propFirms.id, firmRepresentatives.propFirmId))
    .where(and(eq(firmRepresentatives.userId, userId), isNull(firmRepresentatives.removedAt)))
    .orderBy(asc(propFirms.name), asc(propFirms.id));
}

const hashCode = (key: string, userId: string, firmId: number, code: string) =>
  createHmac('sha256', key).update(`firm-claim:${userId}:${firmId}:${code}`).digest('hex');

const codeMatches = (stored: string, given: string) => {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A claim that still holds the place: confirmed, or waiting for a code that can still be entered. */
const pendingClaim = (now: Date) =>
  or(
    eq(firmClaims.status, 'confirmed'),
    and(
      eq(firmClaims.status, 'unconfirmed'),
      lt(firmClaims.codeTries, CLAIM_CODE_TRIES),
      gt(firmClaims.codeExpiresAt, now),
    ),
  );

/**
 * Starts a claim: the address must be at the firm's domain (400 naming it), the user not already
 * its representative nor holding a pending claim of it (409). The code is emailed to the address
 * once the claim is stored; a claim whose code could not be sent is taken back (502).
 */
export async function createFirmClaim(
  deps: FirmClaimDeps,
  userId: string,
  slug: string,
  payload: FirmClaimPayload,
  now = new Date(),
): Promise<FirmClaimCreated> {
  const { db } = deps;
  const [firm] = await db
    .select({ id: propFirms.id, slug: propFirms.slug, name: propFirms.name, website: propFirms.website })
    .from(propFirms)
    .where(listedFirmWhere(slug))
    .limit(1);
  if (!firm) throw notFound('Firm');
  const domain = firmEmailDomain(firm.website);
  if (!domain) {
    throw new AppError(
      409,
      'firm_not_claimable',
      `${firm.name} has no website on record, so its profile cannot be claimed yet. Write to us through the contact page.`,
    );
  }
  const check = checkWorkEmail(payload.workEmail, domain);
  if (!check.ok) throw new AppError(400, 'work_email_domain', check.message);
  const code = String(randomInt(0, 10 ** CLAIM_CODE_DIGITS)).padStart(CLAIM_CODE_DIGITS, '0');
  const created = await deps.changes.commit(db, async (tx) => {
    // One user's claims of one firm are checked and stored one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`firm-claim:${userId}:${firm.id}`}))`);
    if (await isFirmRepresentative(tx, userId, firm.id)) {
      throw new AppError(409, 'firm_represented', `You already represent ${firm.name}.`);
    }
    const [pending] = await tx
      .select({ status: firmClaims.status, workEmail: firmClaims.workEmail })
      .from(firmClaims)
      .where(and(eq(firmClaims.userId, userId), eq(firmClaims.propFirmId, firm.id), pendingClaim(now)))
      .limit(1);
    if (pending) {
      throw new AppError(
        409,
        'claim_pending',
        pending.status === 'confirmed'
          ? `Your claim of ${firm.name} is waiting for our check.`
          : `You already have a claim of ${firm.name} waiting for its code: enter the code we sent to ${pending.workEmail}, or start again once it expires (${CLAIM_CODE_MINUTES} minutes).`,
      );
    }
    const [row] = await tx
      .insert(firmClaims)
      .values({
        propFirmId: firm.id,
        userId,
        workEmail: payload.workEmail,
        jobTitle: payload.jobTitle,
        note: payload.note,
        codeHash: hashCode(deps.codeKey, userId, firm.id, code),
        codeExpiresAt: new Date(now.getTime() + CLAIM_CODE_MINUTES * 60_000),
        createdAt: now,
      })
      .returning({ id: firmClaims.id });
    // Claims are read by their claimant and the admins only, uncached: nothing to publish.
    return { result: { id: row.id }, changes: [] };
  });
  try {
    const message = renderClaimCodeEmail(firm.name, code, firmPageUrl(deps.publicUrl, firm.slug));
    await deps.mailer.send({ to: payload.workEmail, ...message });
  } catch (err) {
    deps.log.error({ err, claim: created.id }, 'firm claim code not emailed');
    await deps.changes.commit(db, async (tx) => {
      await tx.delete(firmClaims).where(eq(firmClaims.id, created.id));
      return { changes: [] };
    });
    throw new AppError(
      502,
      'mail_failed',
      'The code could not be emailed. Nothing was saved; please try again.',
    );
  }
  return created;
}

/**
 * Confirms the claim's address with its code. Each code entered takes one of the claim's five tries
 * before it is compared (a conditional update, so requests at once cannot compare more than five);
 * after the fifth wrong one the claim is spent.
 */
export async function confirmFirmClaim(
  deps: FirmClaimDeps,
  userId: string,
  claimId: number,
  code: string,
  now = new Date(),
): Promise<{ id: number; status: 'confirmed' }> {
  const { db, changes } = deps;
  const [claim] = await db
    .select()
    .from(firmClaims)
    .where(and(eq(firmClaims.id, claimId), eq(firmClaims.userId, userId)));
  if (!claim) throw notFound('Claim');
  if (claim.status !== 'unconfirmed') {
    throw new AppError(409, 'claim_confirmed', 'This claim is already confirmed.');
  }
  const restart = 'Start a new claim to get a new code.';
  if (claim.codeTries >= CLAIM_CODE_TRIES) {
    throw new AppError(409, 'code_spent', `The code was entered wrong ${CLAIM_CODE_TRIES} times. ${restart}`);
  }
  if (claim.codeExpiresAt <= now) throw new AppError(409, 'code_expired', `The code has expired. ${restart}`);
  const tried = await changes.commit(db, async (tx) => {
    const [row] = await tx
      .update(firmClaims)
      .set({ codeTries: sql`${firmClaims.codeTries} + 1` })
      .where(
        and(
          eq(firmClaims.id, claimId),
          eq(firmClaims.status, 'unconfirmed'),
          lt(firmClaims.codeTries, CLAIM_CODE_TRIES),
          gt(firmClaims.codeExpiresAt, now),
        ),
      )
      .returning({ codeTries: firmClaims.codeTries });
    return { result: row, changes: [] };
  });
  if (!tried) throw new AppError(409, 'code_spent', `The code can no longer be used. ${restart}`);
  if (!codeMatches(claim.codeHash, hashCode(deps.codeKey, userId, claim.propFirmId, code))) {
    const left = CLAIM_CODE_TRIES - tried.codeTries;
    throw new AppError(
      400,
      'wrong_code',
      left > 0
        ? `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : `That code is not right, and that was the last try. ${restart}`,
    );
  }
  const confirmed = await changes.commit(db, async (tx) => {
    const [row] = await tx
      .update(firmClaims)
      .set({ status: 'confirmed', confirmedAt: now })
      .where(and(eq(firmClaims.id, claimId), eq(firmClaims.status, 'unconfirmed')))
      .returning({ id: firmClaims.id });
    return { result: row, changes: [] };
  });
  if (!confirmed) throw new AppError(409, 'claim_confirmed', 'This claim is already confirmed.');
  return { id: claimId, status: 'confirmed' };
}

/** The user's own claims, newest first, with where each stands and an admin's reason. */
export async function listOwnFirmClaims(db: Db, userId: string, now = new Date()): Promise<OwnFirmClaim[]> {
  const rows = await db
    .select({
      claim: firmClaims,
      firm: { id: propFirms.id, slug: propFirms.slug, name: propFirms.name },
    })
    .from(firmClaims)
    .innerJoin(propFirms, eq(propFirms.id, firmClaims.propFirmId))
    .where(eq(firmClaims.userId, userId))
    .orderBy(desc(firmClaims.createdAt), desc(firmClaims.id))
    .limit(50);
  return rows.map(({ claim, firm }) => ({
    id: claim.id,
    firm,
    workEmail: claim.workEmail,
    jobTitle: claim.jobTitle,
    status: claim.status,
    state: firmClaimState(claim, now),
    triesLeft: Math.max(0, CLAIM_CODE_TRIES - claim.codeTries),
    codeExpiresAt: claim.codeExpiresAt.toISOString(),
    rejectReason: claim.rejectReason,
    createdAt: claim.createdAt.toISOString(),
    decidedAt: claim.decidedAt?.toISOString() ?? null,
  }));
}

/**
 * Gives the demo representative (demo-representative.ts) a password at first start: REP_PASSWORD,
 * or one generated and printed this one time, as the demo admin's is. Hashed by Better Auth.
 */
export async function ensureDemoRepresentative(
  auth: FastifyInstance['auth'],
  db: Db,
  env: Pick<Env, 'REP_PASSWORD'>,
  log: FastifyBaseLogger,
): Promise<'created' | 'exists' | 'absent'> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_REP_EMAIL));
  if (!user) return 'absent';
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  if (credential) return 'exists';
  const ctx = await auth.$context;
  const password = env.REP_PASSWORD ?? randomBytes(12).toString('base64url');
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  if (env.REP_PASSWORD) {
    log.info({ email: DEMO_REP_EMAIL }, 'created the demo firm representative with REP_PASSWORD');
  } else {
    log.warn(
      { email: DEMO_REP_EMAIL },
      `created the demo firm representative ${DEMO_REP_EMAIL} with the generated password: ${password} (shown once; change it in /profile)`,
    );
  }
  return 'created';
}
