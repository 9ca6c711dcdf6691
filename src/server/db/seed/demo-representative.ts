import { randomBytes } from 'node:crypto';
import { firmEmailDomain } from '../../../domain/firm-claim-rules';
import type { Db } from '../client';
import { firmClaims, firmRepresentatives, users } from '../schema';
import { DEMO_USER_PREFIX } from './demo-content';
import { sha256 } from './factories';

/** The demo's firm representative: signs in with REP_PASSWORD, or the password printed at first start. */
export const DEMO_REP_EMAIL = 'rep@propfirmclub.test';
export const DEMO_REP_ID = `${DEMO_USER_PREFIX}rep`;

const DAY_MS = 86_400_000;

/**
 * Makes the firm a claimed profile: the demo representative's account (its password is set at
 * start, firm-claims/service.ts `ensureDemoRepresentative`), an approved claim with an address at
 * the firm's domain, and the representative row it made. The demo id prefix removes them with the
 * rest of the demo.
 */
export async function seedDemoRepresentative(
  db: Db,
  firm: { id: number; website: string | null },
  now: Date,
): Promise<void> {
  const domain = firmEmailDomain(firm.website);
  if (!domain) return;
  const joined = new Date(now.getTime() - 45 * DAY_MS);
  const approved = new Date(now.getTime() - 30 * DAY_MS);
  await db.insert(users).values({
    id: DEMO_REP_ID,
    name: 'Rita',
    email: DEMO_REP_EMAIL,
    emailVerified: true,
    firstName: 'Rita',
    username: 'rita_rep',
    displayUsername: 'rita_rep',
    role: 'user',
    createdAt: joined,
    updatedAt: joined,
  });
  const [claim] = await db
    .insert(firmClaims)
    .values({
      propFirmId: firm.id,
      userId: DEMO_REP_ID,
      workEmail: `partnerships@${domain}`,
      jobTitle: 'Head of Trader Relations',
      note: 'I look after trader support and payouts, and would like to answer reviews of our firm.',
      // The demo claim was never emailed: a hash of nothing anyone knows.
      codeHash: sha256(randomBytes(32).toString('hex')),
      codeExpiresAt: new Date(approved.getTime() - DAY_MS),
      codeTries: 1,
      status: 'approved',
      confirmedAt: new Date(approved.getTime() - DAY_MS),
      decidedAt: approved,
      createdAt: new Date(approved.getTime() - DAY_MS - 60_000),
    })
    .returning({ id: firmClaims.id });
  await db
    .insert(firmRepresentatives)
    .values({ propFirmId: firm.id, userId: DEMO_REP_ID, claimId: claim.id, createdAt: approved });
}
