import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../tests/setup/accounts';
import { multipartFile } from '../../../tests/setup/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../tests/setup/test-app';
import { payoutReports } from '../db/schema';
import { insertFirm, insertPayoutMethod, linkFirmPayoutMethods } from '../db/seed/factories';
import { MAX_UPLOAD_BYTES, UPLOAD_ERRORS } from './uploads';

/**
 * A file over the limit is cut short by the multipart parser, which throws only when the cut falls
 * inside a chunk of the request: when a chunk ends exactly at the limit it can hand over the first
 * 5 MB as if they were the whole file. Each try sends the body in chunks of another size, as a
 * network does, one of them ending at the limit.
 */
const TRIES = 20;

let ctx: TestContext;
let admin: TestUser;
let trader: TestUser;
let firmSlug: string;
let methodId: number;
let bigPng: Buffer;

const filesIn = (folder: string) => {
  const dir = path.join(ctx.dataDir, folder);
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp'))
    : [];
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'bigadmin' });
  trader = await signUpUser(ctx, { verified: true, prefix: 'bigtrader' });
  const firm = await insertFirm(ctx.db, { name: 'Big Files', slug: 'big-files' });
  firmSlug = firm.slug;
  methodId = (await insertPayoutMethod(ctx.db, { name: 'Rise' })).id;
  await linkFirmPayoutMethods(ctx.db, firm.id, [methodId]);
  // Random pixels do not compress: a valid PNG of about 5.85 MB. The parser holds back a CR at the
  // end of a chunk (it may begin the boundary), which would move the cut off the chunk's end.
  const side = 1430;
  do {
    bigPng = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();
  } while (bigPng[MAX_UPLOAD_BYTES - 1] === 0x0d);
}, 120_000);
afterAll(() => ctx.close());

describe('an image just over 5 MB', () => {
  it('is a valid PNG over the limit', async () => {
    expect(bigPng.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(bigPng.length).toBeLessThan(MAX_UPLOAD_BYTES * 1.2);
    expect((await sharp(bigPng).metadata()).format).toBe('png');
  });

  it(`is a 413 on the admin upload route every time (${TRIES} tries), and stores nothing`, async () => {
    const { payload, headers } = multipartFile({ name: 'big.png', type: 'image/png', body: bigPng });
    for (let i = 0; i < TRIES; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie, ...headers },
        payload: inChunks(payload, i),
      });
      expect(res.statusCode, `try ${i + 1}: ${res.body}`).toBe(413);
      expect(res.json().message).toBe(UPLOAD_ERRORS.tooLarge);
    }
    expect(filesIn('uploads')).toEqual([]);
  }, 120_000);

  it(`is a 413 on the payout report form every time (${TRIES} tries), and stores nothing`, async () => {
    for (let i = 0; i < TRIES; i++) {
      const { payload, headers } = reportForm({
        kind: 'paid',
        amount: '2500.00',
        method: String(methodId),
        requestedOn: daysAgo(10),
        receivedOn: daysAgo(7),
        network: 'ethereum',
        transactionReference: `0x${randomBytes(32).toString('hex')}`,
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/firms/${firmSlug}/payout-reports`,
        headers: { origin: TEST_ORIGIN, cookie: trader.cookie, 'x-forwarded-for': trader.ip, ...headers },
        payload: inChunks(payload, i),
      });
      expect(res.statusCode, `try ${i + 1}: ${res.body}`).toBe(413);
      expect(res.json().message).toBe(UPLOAD_ERRORS.tooLarge);
    }
    expect(filesIn('private-uploads')).toEqual([]);
    expect(Number((await ctx.db.select({ n: count() }).from(payoutReports))[0].n)).toBe(0);
  }, 120_000);
});

/** The body in chunks of 4 KB times (try + 1), laid out so that one ends where the file reaches the limit. */
function inChunks(payload: Buffer, attempt: number): Readable {
  const size = 4096 * (attempt + 1);
  const limitAt = payload.indexOf(bigPng.subarray(0, 64)) + MAX_UPLOAD_BYTES;
  const chunks: Buffer[] = [];
  for (let start = 0, end = limitAt % size || size; start < payload.length; start = end, end += size)
    chunks.push(payload.subarray(start, end));
  return Readable.from(chunks);
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The report form's FormData: its text fields, then the big image. */
function reportForm(fields: Record<string, string>) {
  const boundary = `----pfc${crypto.randomUUID().replace(/-/g, '')}`;
  const text = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(text.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bigPng,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
