import escapeHtml from 'escape-html';
import type { ContactPayload } from '../../../domain/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';

/** Stores the message first, so nothing is lost when mail delivery fails. */
export async function submitContactMessage(
  db: Db,
  mailer: Mailer,
  to: string,
  payload: ContactPayload,
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  const [row] = await db.insert(contactMessages).values(payload).returning({ id: contactMessages.id });
  // Header values may not carry line breaks; names come from a form field.
  const name = payload.name.replace(/[\r\n]+/g, ' ');
  try {
    await mailer.send({
      to,
      subject: `Contact form: ${payload.topic} from ${name}`,
      text: `From: ${name} <${payload.email}>\nTopic: ${payload.topic}\nMessage #${row.id}\n\n${payload.message}\n`,
      html: `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(payload.email)}&gt;<br>Topic: ${escapeHtml(payload.topic)}<br>Message #${row.id}</p><p style="white-space:pre-wrap">${escapeHtml(payload.message)}</p>`,
      headers: { 'Reply-To': payload.email },
    });
  } catch (err) {
    log.error({ err, contactMessageId: row.id }, 'contact message stored but not emailed');
  }
}
