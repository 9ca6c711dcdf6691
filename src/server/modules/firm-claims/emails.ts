import escapeHtml from 'escape-html';
import { CLAIM_CODE_MINUTES } from '../../../domain/firm-claim-rules';
import type { MailMessage } from '../../lib/mailer';

/** The emails of claiming a firm: plain words, the same in text and HTML. */

type Email = Omit<MailMessage, 'to'>;

/** Header values may not carry line breaks; firm names come from the catalog. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

function email(subject: string, paragraphs: string[], link?: { label: string; url: string }): Email {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), 'Prop Firm Club'].join(
    '\n\n',
  );
  const html = [
    ...paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    '<p>Prop Firm Club</p>',
  ].join('');
  return { subject: oneLine(subject), text: `${text}\n`, html };
}

export function renderClaimCodeEmail(firmName: string, code: string, firmUrl: string): Email {
  return email(
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
  return email(
    `You now represent ${firmName} on Prop Firm Club`,
    [
      `We checked your claim and approved it: your account now represents ${firmName}, whose profile shows as claimed.`,
      'As a representative you cannot review the firm or report a payout from it.',
    ],
    { label: `${firmName} on Prop Firm Club`, url: firmUrl },
  );
}

export function renderClaimRejectedEmail(firmName: string, reason: string, firmUrl: string): Email {
  return email(
    `Your claim of ${firmName} was not approved`,
    [`We could not approve your claim to represent ${firmName}.`, `Reason: ${reason}`],
    { label: `${firmName} on Prop Firm Club`, url: firmUrl },
  );
}

export function renderRepresentativeRemovedEmail(firmName: string, reason: string): Email {
  return email(`You no longer represent ${firmName} on Prop Firm Club`, [
    `An admin removed your account as a representative of ${firmName}.`,
    `Reason: ${reason}`,
  ]);
}
