import { and, eq, gt, gte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { twoFactors, users } from '../../db/schema';
import type { Http } from '../../lib/http';
import { firstInWindow } from '../../lib/rate-limit';
import { TWO_FACTOR_MAX_TRIES, TWO_FACTOR_WINDOW_SECONDS } from './auth';
import { describeTime } from './devices';
import { renderWrongTwoFactorCodesEmail } from './emails';
import { describeUserAgent } from './sessions';

/**
 * What follows a wrong two-factor code at sign-in (decision 0068): once it is the account's fifth in
 * a row, its owner is emailed. The count is Better Auth's own (`two_factor.failed_verification_count`,
 * in the database, so every process sees it): a right code resets it, and the fifth wrong one locks
 * code sign-in for 5 minutes, after which the count starts again. The email goes once per lock: the
 * gate in the limits' store stops a second request that saw the same fifth failure.
 */
export function createWrongCodeAlerts(app: Http) {
  const db = app.database.db;
  const publicUrl = app.env.PUBLIC_URL.replace(/\/$/, '');
  const once = firstInWindow(app, 'two-factor-alert', TWO_FACTOR_WINDOW_SECONDS * 1000);

  return async function alertOnWrongCodes(request: FastifyRequest, userId: string): Promise<void> {
    try {
      const now = new Date();
      const [locked] = await db
        .select({ tries: twoFactors.failedVerificationCount })
        .from(twoFactors)
        .where(
          and(
            eq(twoFactors.userId, userId),
            gte(twoFactors.failedVerificationCount, TWO_FACTOR_MAX_TRIES),
            gt(twoFactors.lockedUntil, now),
          ),
        )
        .limit(1);
      if (!locked || !(await once(request, userId))) return;
      const [user] = await db
        .select({ email: users.email, name: users.name, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) return;
      const userAgent = request.headers['user-agent'];
      await app.mailer.send({
        to: user.email,
        ...renderWrongTwoFactorCodesEmail({
          firstName: user.firstName || user.name,
          tries: TWO_FACTOR_MAX_TRIES,
          when: describeTime(now),
          device: userAgent ? describeUserAgent(userAgent) : null,
          devicesLink: `${publicUrl}/profile#sessions`,
          resetLink: `${publicUrl}/auth?mode=forgot`,
        }),
      });
    } catch (error) {
      // The answer to the code stands; a mail server (or store) that is down must not change it.
      request.log.error({ err: error, userId }, 'wrong two-factor codes email not sent');
    }
  };
}
