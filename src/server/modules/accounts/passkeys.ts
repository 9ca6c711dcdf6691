import { passkey } from '@better-auth/passkey';
import type { Session } from 'better-auth';
import { APIError } from 'better-auth/api';
import { and, desc, eq } from 'drizzle-orm';
import type { Passkey } from '../../../domain/passkeys';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema';

/** Better Auth's path of a passkey sign-in: the session it creates counts as two factors. */
export const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication';

/**
 * Better Auth's passkey plugin: the relying party is the site of PUBLIC_URL, and the origin a
 * ceremony must come from is that one too (not whatever the request's Origin header says).
 * Passkeys are discoverable, so signing in needs no email first; a ceremony counts only when the
 * authenticator verified its user (PIN, fingerprint, face): that makes a passkey two factors.
 */
export function passkeyPlugin(publicUrl: string, db: Db) {
  const site = new URL(publicUrl);
  return passkey({
    rpID: site.hostname,
    rpName: 'Prop Firm Club',
    origin: site.origin,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    registration: {
      afterVerification: ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw userNotVerified();
      },
    },
    authentication: {
      afterVerification: async ({ verification, clientData }) => {
        if (!verification.authenticationInfo.userVerified) throw userNotVerified();
        await db
          .update(passkeys)
          .set({ lastUsedAt: new Date() })
          .where(eq(passkeys.credentialID, clientData.id));
      },
    },
  });
}

const userNotVerified = () =>
  new APIError('UNAUTHORIZED', {
    code: 'PASSKEY_USER_NOT_VERIFIED',
    message:
      'Your device did not confirm it was you (PIN, fingerprint or face). Try again, and confirm on the device when it asks.',
  });

/** What `markPasskeySession` reads of Better Auth's endpoint context. */
interface SessionContext {
  path?: string;
  context?: { session?: { session?: Record<string, unknown> } | null };
}

/**
 * Better Auth's `session.create.before`: a session a passkey sign-in starts is marked, so the staff
 * two-factor rule counts it as two factors (lib/access.ts). So is a session that replaces such a
 * session of the same user (a password change, turning two-factor on or off start a new one).
 */
export function markPasskeySession(session: Session, ctx: SessionContext | null) {
  const current = ctx?.context?.session?.session;
  const replacesPasskeySession = current?.signedInWithPasskey === true && current.userId === session.userId;
  if (ctx?.path !== PASSKEY_SIGN_IN_PATH && !replacesPasskeySession) return undefined;
  return { data: { ...session, signedInWithPasskey: true } };
}

/** What the profile shows of a passkey (`toPasskey`): never its public key or credential id. */
const profileColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
};

/** The user's passkeys, newest first, as the profile lists them. */
export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select(profileColumns)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), passkeys.id);
  return rows.map(toPasskey);
}

/** One of the user's passkeys, or undefined when it is not theirs (or does not exist). */
export async function findOwnPasskey(db: Db, userId: string, id: string): Promise<Passkey | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .limit(1);
  return row ? toPasskey(row) : undefined;
}

function toPasskey(row: {
  id: string;
  name: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}): Passkey {
  return {
    id: row.id,
    name: row.name || 'Passkey',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    synced: row.backedUp,
  };
}
