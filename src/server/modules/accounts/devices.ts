import { createHash, randomBytes } from 'node:crypto';
import type { Session } from 'better-auth';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDate } from '../../../domain/format';
import type { Db } from '../../db/client';
import { knownDevices, users } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { renderNewDeviceEmail } from './emails';
import { describeUserAgent } from './sessions';

/** The long-lived cookie that tells one of a user's browsers from a new one. */
export const DEVICE_COOKIE = 'pfc.device';
// The longest a browser keeps a cookie (RFC 6265bis caps Max-Age at 400 days); each sign-in
// renews it, so a browser in use stays known.
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export interface DeviceDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  secureCookies: boolean;
}

/** What the hook needs of Better Auth's endpoint context: the request's cookies and the answer's. */
interface CookieContext {
  path: string;
  getCookie(name: string): string | null;
  setCookie(
    name: string,
    value: string,
    options: { httpOnly: boolean; sameSite: 'lax'; secure: boolean; path: string; maxAge: number },
  ): unknown;
}

const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/** A moment as the account emails name it: the date and the time in UTC. */
export const describeTime = (at: Date) =>
  `${formatDate(at)} at ${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')} UTC`;

/**
 * Runs after Better Auth creates a session: marks the browser with the device cookie and, when the
 * account already knows other browsers but not this one, emails its owner. A user's first browser
 * (sign-up) is recorded silently, and so is a session a password change starts in a known browser.
 */
export async function noteSessionDevice(
  deps: DeviceDeps,
  session: Session,
  ctx: CookieContext | null,
): Promise<void> {
  if (!ctx) return;
  const cookie = ctx.getCookie(DEVICE_COOKIE);
  const deviceId = cookie && DEVICE_ID.test(cookie) ? cookie : randomBytes(32).toString('base64url');
  ctx.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.secureCookies,
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
  const { db } = deps;
  const deviceHash = hashOf(deviceId);
  const [known] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, session.userId), eq(knownDevices.deviceHash, deviceHash)))
    .limit(1);
  if (known) return;
  const [other] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(eq(knownDevices.userId, session.userId))
    .limit(1);
  await db.insert(knownDevices).values({ userId: session.userId, deviceHash }).onConflictDoNothing();
  if (!other || ctx.path === '/change-password') return;
  const [user] = await db
    .select({ email: users.email, name: users.name, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, session.userId))
    .limit(1);
  if (!user) return;
  try {
    await deps.mailer.send({
      to: user.email,
      ...renderNewDeviceEmail({
        firstName: user.firstName || user.name,
        when: describeTime(new Date(session.createdAt)),
        ...describeUserAgent(session.userAgent),
        devicesLink: `${deps.publicUrl}/profile#sessions`,
        resetLink: `${deps.publicUrl}/auth?mode=forgot`,
      }),
    });
  } catch (error) {
    // The sign-in itself succeeded; a mail server that is down must not undo it.
    deps.log.error({ err: error, userId: session.userId }, 'new-device email not sent');
  }
}
