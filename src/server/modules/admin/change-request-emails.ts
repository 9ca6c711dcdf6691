import { type Email, plainEmail } from '../../lib/mailer';

/** The emails of a firm's corrections: plain words, the same in text and HTML. */

export function renderChangeApprovedEmail(firmName: string, consoleUrl: string): Email {
  return plainEmail(
    `Your correction of ${firmName} is live`,
    [
      `We checked the correction you sent for ${firmName} against your source and applied it.`,
      "Changes to rules, prices and account sizes show in the firm's rule-change history as reported by the firm and checked by Prop Firm Club.",
    ],
    { label: `${firmName}'s console`, url: consoleUrl },
  );
}

export function renderChangeRejectedEmail(firmName: string, reason: string, consoleUrl: string): Email {
  return plainEmail(
    `Your correction of ${firmName} was not applied`,
    [`We could not apply the correction you sent for ${firmName}.`, `Reason: ${reason}`],
    { label: `${firmName}'s console`, url: consoleUrl },
  );
}
