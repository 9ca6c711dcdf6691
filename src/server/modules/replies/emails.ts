import escapeHtml from 'escape-html';
import type { ReplyTarget } from '../../../domain/reply-rules';
import { type Email, oneLine } from '../../lib/mailer';

/** The email a reviewer (or reporter) gets once, when the firm's reply first shows. */

export interface ReplyEmail {
  firmName: string;
  target: ReplyTarget;
  /** The review's title, or null for a payout report. */
  title: string | null;
  firstName: string | null;
  body: string;
  url: string;
}

export function renderReplyEmail(reply: ReplyEmail): Email {
  const what = reply.target === 'review' ? 'review' : 'denied payout report';
  const about = reply.title ? `your ${what} "${reply.title}"` : `your ${what}`;
  const paragraphs = [
    `Hi ${reply.firstName?.trim() || 'there'},`,
    `${reply.firmName} replied to ${about} on Prop Firm Club. The reply comes from the firm's representative, whose account we checked; it never changes a rating or a payout record.`,
  ];
  // A reviewer may answer by editing their review (signed in, on the firm page's Reviews tab).
  const edit = reply.target === 'review' ? 'You may also edit your review there.' : '';
  const closing =
    'If the reply breaks our rules (personal details, threats, pressure to change or remove your words), report it to us through the contact page.';
  const text = [
    ...paragraphs,
    `Their reply:\n\n${reply.body}`,
    `See it on the firm's page: ${reply.url}${edit ? `\n${edit}` : ''}`,
    closing,
    'Prop Firm Club',
  ].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p>Their reply:</p>',
    `<blockquote style="white-space:pre-wrap;border-left:3px solid #cbd5e1;margin:0;padding-left:12px">${escapeHtml(reply.body)}</blockquote>`,
    `<p><a href="${escapeHtml(reply.url)}">See it on the firm's page</a>.${edit ? ` ${escapeHtml(edit)}` : ''}</p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '<p>Prop Firm Club</p>',
  ].join('');
  return { subject: oneLine(`${reply.firmName} replied to your ${what}`), text: `${text}\n`, html };
}
