import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import { isCouponEndingSoon, resolvePercentOff } from '../../../domain/coupon-rules';
import type { Coupon } from '../../../domain/coupons';
import { formatMonthDay } from '../../../domain/format';
import { type SubscribePayload, type SubscribeResult, ValidEmailSchema } from '../../../domain/newsletter';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { listCouponsForDigest } from '../coupons/service';

export type TokenPurpose = 'confirm' | 'unsubscribe';

function sign(secret: string, purpose: TokenPurpose, id: number, email: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}:${email}`).digest('base64url');
}

/** `<id>.<hmac>`: the email is part of the signature, so a token dies with its address. */
export function createToken(secret: string, purpose: TokenPurpose, id: number, email: string): string {
  return `${id}.${sign(secret, purpose, id, email)}`;
}

async function findByToken(db: Db, secret: string, purpose: TokenPurpose, token: string) {
  const [idText, signature] = token.split('.');
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id <= 0 || !signature) return null;
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!row) return null;
  const expected = Buffer.from(sign(secret, purpose, row.id, row.email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface MailContext {
  mailer: Mailer;
  secret: string;
  publicUrl: string;
}

export function unsubscribeUrl(
  ctx: Pick<MailContext, 'secret' | 'publicUrl'>,
  id: number,
  email: string,
): string {
  return `${ctx.publicUrl}/newsletter/unsubscribe?token=${createToken(ctx.secret, 'unsubscribe', id, email)}`;
}

export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

async function sendConfirmation(ctx: MailContext, id: number, email: string): Promise<void> {
  const confirm = `${ctx.publicUrl}/newsletter/confirm?token=${createToken(ctx.secret, 'confirm', id, email)}`;
  const unsubscribe = unsubscribeUrl(ctx, id, email);
  try {
    await ctx.mailer.send({
      to: email,
      subject: 'Confirm your Prop Firm Club subscription',
      text: `Confirm your subscription to the Prop Firm Club deals newsletter:\n${confirm}\n\nIf you did not ask for this, ignore this email or unsubscribe: ${unsubscribe}\n`,
      html: `<p>Confirm your subscription to the Prop Firm Club deals newsletter:</p><p><a href="${escapeHtml(confirm)}">Confirm my subscription</a></p><p>If you did not ask for this, ignore this email or <a href="${escapeHtml(unsubscribe)}">unsubscribe</a>.</p>`,
      headers: unsubscribeHeaders(unsubscribe),
    });
  } catch {
    throw new AppError(
      503,
      'mail_failed',
      'We could not send the confirmation email. Please try again later.',
    );
  }
}

/**
 * Double opt-in: a new or returning address is stored as pending and gets a confirmation link;
 * only a confirmed address receives newsletters.
 */
export async function subscribeToNewsletter(
  db: Db,
  ctx: MailContext,
  payload: SubscribePayload,
): Promise<SubscribeResult> {
  const email = normaliseEmail(payload.email);
  if (!ValidEmailSchema.safeParse(email).success) {
    throw new AppError(422, 'invalid_email', 'Please enter a valid email address.');
  }
  const tags = [...new Set(payload.tags ?? [])];
  const [existing] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (existing?.status === 'confirmed') {
    throw new AppError(409, 'already_subscribed', 'This email is already subscribed.');
  }
  let id: number;
  if (existing) {
    id = existing.id;
    await db
      .update(newsletterSubscribers)
      .set({
        status: 'pending',
        source: payload.source ?? existing.source,
        tags: [...new Set([...existing.tags, ...tags])],
        unsubscribedAt: null,
      })
      .where(eq(newsletterSubscribers.id, id));
  } else {
    const [row] = await db
      .insert(newsletterSubscribers)
      .values({ email, source: payload.source ?? null, tags, status: 'pending' })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    // A parallel request inserted the same address first: answer as for a pending one.
    if (!row) return subscribeToNewsletter(db, ctx, payload);
    id = row.id;
  }
  await sendConfirmation(ctx, id, email);
  return { message: 'Almost there! Check your inbox to confirm your subscription.', status: 'pending' };
}

/** A confirmed address counts among the home page's traders: its change is published. */
export async function confirmSubscription(
  db: Db,
  changes: Changes,
  secret: string,
  token: string,
): Promise<boolean> {
  const row = await findByToken(db, secret, 'confirm', token);
  if (!row) return false;
  if (row.status !== 'confirmed') {
    await changes.commit(db, async (tx) => {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: new Date(), unsubscribedAt: null })
        .where(eq(newsletterSubscribers.id, row.id));
      return { changes: [{ type: 'subscriber.updated', id: row.id }] };
    });
  }
  return true;
}

export async function unsubscribeFromNewsletter(
  db: Db,
  changes: Changes,
  secret: string,
  token: string,
): Promise<boolean> {
  const row = await findByToken(db, secret, 'unsubscribe', token);
  if (!row) return false;
  if (row.status !== 'unsubscribed') {
    await changes.commit(db, async (tx) => {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
        .where(eq(newsletterSubscribers.id, row.id));
      return { changes: [{ type: 'subscriber.updated', id: row.id }] };
    });
  }
  return true;
}

export interface Digest {
  subject: string;
  text: (unsubscribe: string) => string;
  html: (unsubscribe: string) => string;
  couponCount: number;
}

/** The weekly deals email: active coupons, ending soon first. */
export async function buildWeeklyDigest(db: Db, publicUrl: string, now = new Date()): Promise<Digest> {
  const list = await listCouponsForDigest(db, now);
  const line = (c: Coupon) => {
    const name = c.propFirm?.name ?? c.firmName ?? c.title ?? 'Deal';
    const percent = resolvePercentOff(c);
    const soon = isCouponEndingSoon(c, now) ? ' (ending soon)' : '';
    const expiry = c.expiryDate ? `expires ${formatMonthDay(c.expiryDate)}` : 'no expiration';
    const link = c.slug ? `${publicUrl}/deals/${c.slug}` : `${publicUrl}/coupons`;
    return {
      name,
      percent,
      soon,
      expiry,
      link,
      code: c.code,
      description: c.description ?? 'Exclusive discount available',
    };
  };
  const items = list.slice(0, 20).map(line);
  const subject = `This week's prop firm deals: ${list.length} active ${list.length === 1 ? 'code' : 'codes'}`;
  return {
    subject,
    couponCount: list.length,
    text: (unsubscribe) =>
      [
        "This week's prop firm deals from Prop Firm Club",
        '',
        ...items.map(
          (i) =>
            `${i.name}${i.soon}: ${i.percent != null ? `${i.percent}% off, ` : ''}code ${i.code}, ${i.expiry}\n  ${i.description}\n  ${i.link}`,
        ),
        items.length === 0 ? 'No active deals this week.' : '',
        `All deals: ${publicUrl}/coupons`,
        '',
        `Unsubscribe: ${unsubscribe}`,
      ].join('\n'),
    html: (unsubscribe) =>
      `<h1>This week's prop firm deals</h1>${
        items.length === 0
          ? '<p>No active deals this week.</p>'
          : `<ul>${items
              .map(
                (i) =>
                  `<li><strong>${escapeHtml(i.name)}</strong>${escapeHtml(i.soon)}: ${i.percent != null ? `${i.percent}% off, ` : ''}code <code>${escapeHtml(i.code)}</code>, ${escapeHtml(i.expiry)}<br>${escapeHtml(i.description)}<br><a href="${escapeHtml(i.link)}">View deal</a></li>`,
              )
              .join('')}</ul>`
      }<p><a href="${escapeHtml(`${publicUrl}/coupons`)}">See all deals</a></p><p><small><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></small></p>`,
  };
}
