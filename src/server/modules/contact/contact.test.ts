import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { contactMessages } from '../../db/schema';
import { readOutbox } from '../../lib/mailer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CONTACT_EMAIL: 'team@propfirmclub.test' });
});
afterAll(() => ctx.close());

const valid = {
  name: 'Jamie Trader',
  email: 'jamie@example.com',
  topic: 'Coupon or deal',
  message: 'The code for Alpha Funded did not work at checkout today.',
};
const send = (payload: unknown, remoteAddress = '10.2.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: payload as object,
  });

describe('POST /api/contact', () => {
  it('stores the message and emails the site address', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/Thanks for your message/);
    const rows = await ctx.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(valid);
    const mail = (await readOutbox(ctx.dataDir)).at(-1);
    expect(mail?.to).toBe('team@propfirmclub.test');
    expect(mail?.text).toContain(valid.message);
  });

  it('rejects bad input with a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...valid, message: 'too short' }, /at least 20 characters/],
      [{ ...valid, message: 'x'.repeat(5001) }, /at most 5000 characters/],
      [{ ...valid, email: 'nope' }, /valid email/],
      [{ ...valid, name: '  ' }, /enter your name/],
      [{ ...valid, topic: 'Spam' }, /topic/],
    ];
    for (const [i, [payload, message]] of cases.entries()) {
      const res = await send(payload, `10.2.1.${i + 1}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('rate limits', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send(valid, '10.2.2.2')).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
  });
});
