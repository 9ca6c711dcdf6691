import Bowser from 'bowser';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { SignedInSession } from '../../../domain/accounts';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** The browser and system a user agent names, in words a person recognises. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; system: string } {
  if (!userAgent) return { browser: 'Unknown browser', system: 'unknown system' };
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  return {
    browser: browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser',
    system: os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : ''}` : 'unknown system',
  };
}

/** The user's live sessions, this one first, then by last activity; never their tokens, which stay in cookies. */
export async function listSignedInSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<SignedInSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  const listed = rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
  // This device first: the rest are the ones a person scans for a stranger.
  return [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
}

/** The token of one of the user's sessions, for Better Auth's revoke-session; null if not theirs. */
export async function findSessionToken(db: Db, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row?.token ?? null;
}
