import escapeHtml from 'escape-html';
import type { MailMessage } from '../../lib/mailer';

/** The emails of a firm's corrections: plain words, the same in text and HTML. */

type Email = Omit<MailMessage, 'to'>;

/** Header values may not carry line breaks; firm names come from the catalog. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

function email(subject: string, paragraphs: string[], link: { label: string; url: string }): Email {
  const text = [...paragraphs, `${link.label}: ${link.url}`, 'Prop Firm Club'].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    '<p>Prop Firm Club</p>',
  ].join('');
  return { subject: oneLine(subject), text: `${text}\n`, html };
}

export function renderChangeApprovedEmail(firmName: string, consoleUrl: string): Email {
  return email(
    `Your correction of ${firmName} is live`,
    [
      `We checked the correction you sent for ${firmName} against your source and applied it.`,
      "Changes to rules, prices and account sizes show in the firm's rule-change history as reported by the firm and checked by Prop Firm Club.",
    ],
    { label: `${firmName}'s console`, url: consoleUrl },
  );
}

export function renderChangeRejectedEmail(firmName: string, reason: string, consoleUrl: string): Email {
  return email(
    `Your correction of ${firmName} was not applied`,
    [`We could not apply the correction you sent for ${firmName}.`, `Reason: ${reason}`],
    { label: `${firmName}'s console`, url: consoleUrl },
  );
}
