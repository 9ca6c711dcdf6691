import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { InboxMessage, InboxPage } from '../../../domain/admin-inbox';
import { adminAuditLog, contactMessages, contactReplies } from '../../db/schema';

let ctx: TestContext;
let admin: TestUser;
let trader: TestUser;

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

async function sendMessage(email: string, message: string) {
  const [row] = await ctx.db
    .insert(contactMessages)
    .values({ name: 'Sam Trader', email, topic: 'General Inquiry', message })
    .returning();
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'inboxadmin' });
  trader = await signUpUser(ctx, { verified: true, prefix: 'inboxuser' });
}, 120_000);
afterAll(() => ctx.close());

describe('the contact inbox', () => {
  it('is for admins only', async () => {
    expect((await call(null, 'GET', '/api/admin/messages')).statusCode).toBe(401);
    expect((await call(trader, 'GET', '/api/admin/messages')).statusCode).toBe(403);
    const message = await sendMessage('someone@example.com', 'Hello there');
    expect(
      (await call(trader, 'POST', `/api/admin/messages/${message.id}/reply`, { body: 'Hi' })).statusCode,
    ).toBe(403);
  });

  it('lists new messages oldest first, answers one by email, keeps the reply and the audit entry', async () => {
    const first = await sendMessage('first@example.com', 'Is Acme legit?\nThanks');
    const second = await sendMessage('second@example.com', 'Coupon does not work');
    const page = (await call(admin, 'GET', '/api/admin/messages')).json() as InboxPage;
    const ids = page.messages.map((m) => m.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const before = page.counts.new;

    const res = await call(admin, 'POST', `/api/admin/messages/${first.id}/reply`, {
      body: '  Yes: read our review of Acme.  ',
    });
    expect(res.statusCode).toBe(200);
    const answered = res.json() as InboxMessage;
    expect(answered.status).toBe('answered');
    expect(answered.replies).toEqual([
      expect.objectContaining({ adminEmail: admin.email, body: 'Yes: read our review of Acme.' }),
    ]);
    const [mail] = await mailsTo(ctx, 'first@example.com');
    expect(mail.subject).toBe('Re: General Inquiry');
    expect(mail.text).toContain('Yes: read our review of Acme.');
    expect(mail.text).toContain('> Is Acme legit?');
    const audit = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entity, 'contact_message'));
    expect(audit.map((a) => a.entityId)).toContain(String(first.id));

    const after = (await call(admin, 'GET', '/api/admin/messages')).json() as InboxPage;
    expect(after.counts.new).toBe(before - 1);
    expect(after.messages.map((m) => m.id)).not.toContain(first.id);
    const answeredList = (
      await call(admin, 'GET', '/api/admin/messages?status=answered')
    ).json() as InboxPage;
    expect(answeredList.messages.map((m) => m.id)).toContain(first.id);
  });

  it('closes and reopens a message', async () => {
    const message = await sendMessage('close@example.com', 'Never mind');
    const closed = await call(admin, 'PUT', `/api/admin/messages/${message.id}/status`, { status: 'closed' });
    expect(closed.json()).toMatchObject({ id: message.id, status: 'closed' });
    const reopened = await call(admin, 'PUT', `/api/admin/messages/${message.id}/status`, { status: 'new' });
    expect(reopened.json()).toMatchObject({ status: 'new' });
  });

  it('refuses an empty reply, an unknown message and an unknown status, changing nothing', async () => {
    const message = await sendMessage('bad@example.com', 'Question');
    const replies = await ctx.db.$count(contactReplies);
    const empty = await call(admin, 'POST', `/api/admin/messages/${message.id}/reply`, { body: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Write the reply');
    expect(
      (await call(admin, 'POST', '/api/admin/messages/999999/reply', { body: 'Hello' })).statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'PUT', `/api/admin/messages/${message.id}/status`, { status: 'spam' })).statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/messages?status=spam')).statusCode).toBe(400);
    expect(await ctx.db.$count(contactReplies)).toBe(replies);
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row.status).toBe('new');
  });
});
