import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import {
  INBOX_PAGE_SIZE,
  type InboxMessage,
  type InboxPage,
  type InboxQuery,
  MESSAGE_STATUSES,
  type MessageStatus,
} from '../../../domain/admin-inbox';
import type { Db } from '../../db/client';
import { contactMessages, contactReplies } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { type Actor, recordAudit } from '../admin/service';

type MessageRow = typeof contactMessages.$inferSelect;

async function withReplies(db: Db, rows: MessageRow[]): Promise<InboxMessage[]> {
  const replies = rows.length
    ? await db
        .select()
        .from(contactReplies)
        .where(
          inArray(
            contactReplies.messageId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
    : [];
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    topic: m.topic,
    message: m.message,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    replies: replies
      .filter((r) => r.messageId === m.id)
      .map((r) => ({
        id: r.id,
        adminEmail: r.adminEmail,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      })),
  }));
}

/** One page of the inbox, oldest waiting first for new messages, newest first otherwise. */
export async function listInboxMessages(db: Db, query: InboxQuery): Promise<InboxPage> {
  const where = query.status === 'all' ? undefined : eq(contactMessages.status, query.status);
  const order =
    query.status === 'new'
      ? [asc(contactMessages.createdAt), asc(contactMessages.id)]
      : [desc(contactMessages.createdAt), desc(contactMessages.id)];
  const [rows, byStatus] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(...order)
      .limit(INBOX_PAGE_SIZE)
      .offset((query.page - 1) * INBOX_PAGE_SIZE),
    db
      .select({ status: contactMessages.status, n: count() })
      .from(contactMessages)
      .groupBy(contactMessages.status),
  ]);
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const total =
    query.status === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[query.status];
  return {
    messages: await withReplies(db, rows),
    total,
    page: query.page,
    pageSize: INBOX_PAGE_SIZE,
    counts,
  };
}

async function findMessage(db: Db, id: number): Promise<MessageRow> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound('Message');
  return row;
}

/**
 * Emails the reply to the sender, then stores it and marks the message answered (with an audit
 * entry). A reply the mail server refused is not stored: the admin sees the failure and can retry.
 */
export async function replyToMessage(
  db: Db,
  mailer: Mailer,
  actor: Actor,
  id: number,
  body: string,
): Promise<InboxMessage> {
  const message = await findMessage(db, id);
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  try {
    await mailer.send({
      to: message.email,
      subject: `Re: ${message.topic.replace(/[\r\n]+/g, ' ')}`,
      text: `${body}\n\n-- \nProp Firm Club\n\nOn ${message.createdAt.toUTCString()}, you wrote:\n${quoted}\n`,
      html: `<p style="white-space:pre-wrap">${escapeHtml(body)}</p><p>-- <br>Prop Firm Club</p><blockquote style="white-space:pre-wrap;color:#555">${escapeHtml(message.message)}</blockquote>`,
    });
  } catch {
    throw new AppError(
      502,
      'mail_failed',
      'The reply could not be emailed. Nothing was saved; please try again.',
    );
  }
  await db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(contactReplies)
      .values({ messageId: id, adminId: actor.id, adminEmail: actor.email, body })
      .returning();
    await tx.update(contactMessages).set({ status: 'answered' }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'contact_message',
      entityId: id,
      summary: `Replied to ${message.email}`,
      before: { status: message.status },
      after: { status: 'answered', reply: reply.body },
    });
  });
  return (await withReplies(db, [await findMessage(db, id)]))[0];
}

/** Marks a message new again, answered or closed, with an audit entry. */
export async function setMessageStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: MessageStatus,
): Promise<InboxMessage> {
  const message = await findMessage(db, id);
  await db.transaction(async (tx) => {
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'contact_message',
      entityId: id,
      before: { status: message.status },
      after: { status },
    });
  });
  return (await withReplies(db, [await findMessage(db, id)]))[0];
}
