import { CLAIM_CODE_MINUTES } from '../../../domain/firm-claim-rules';
import { type Email, plainEmail } from '../../lib/mailer';

/** The emails of claiming a firm: plain words, the same in text and HTML. */

export function renderClaimCodeEmail(firmName: string, code: string, firmUrl: string): Email {
  return plainEmail(
    `Your code to claim ${firmName} on Prop Firm Club`,
    [
      `You asked to represent ${firmName} on Prop Firm Club and gave this address as yours at the firm.`,
      `Your code: ${code}`,
      `Enter it in the claim dialog on the firm's page. It is valid for ${CLAIM_CODE_MINUTES} minutes. If you did not ask for this, ignore this email: nothing happens without the code.`,
    ],
    { label: `${firmName} on Prop Firm Club`, url: firmUrl },
  );
}

export function renderClaimApprovedEmail(firmName: string, firmUrl: string): Email {
  return plainEmail(
    `You now represent ${firmName} on Prop Firm Club`,
    [
      `We checked your claim and approved it: your account now represents ${firmName}, whose profile shows as claimed.`,
      'As a representative you cannot review the firm or report a payout from it.',
    ],
    { label: `${firmName} on Prop Firm Club`, url: firmUrl },
  );
}

export function renderClaimRejectedEmail(firmName: string, reason: string, firmUrl: string): Email {
  return plainEmail(
    `Your claim of ${firmName} was not approved`,
    [`We could not approve your claim to represent ${firmName}.`, `Reason: ${reason}`],
    { label: `${firmName} on Prop Firm Club`, url: firmUrl },
  );
}

export function renderRepresentativeRemovedEmail(firmName: string, reason: string): Email {
  return plainEmail(`You no longer represent ${firmName} on Prop Firm Club`, [
    `An admin removed your account as a representative of ${firmName}.`,
    `Reason: ${reason}`,
  ]);
}
