import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, mailsTo, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { accounts, adminAuditLog, firmClaims, firmRepresentatives, users } from '../../db/schema';
import { DEMO_FIRMS } from '../../db/seed/demo-firms';
import { DEMO_REP_EMAIL } from '../../db/seed/demo-representative';
import { insertFirm, insertUserReview } from '../../db/seed/factories';
import { seedDemoData } from '../../db/seed/seed-demo-data';
import { ensureDemoRepresentative } from './service';

let ctx: TestContext;
let firm: { id: number; slug: string; name: string };
let otherFirm: { id: number; slug: string; name: string };
let admin: TestUser;

const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };

const claimBody = (workEmail: string) => ({
  workEmail,
  jobTitle: 'Head of Support',
  note: 'I run the support desk and want to answer reviews.',
});

const claim = (user: TestUser | null, workEmail: string, slug = firm.slug) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/firms/${slug}/claims`,
    headers: as(user),
    payload: claimBody(workEmail),
  });

const confirm = (user: TestUser, id: number, code: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/firm-claims/${id}/confirm`,
    headers: as(user),
    payload: { code },
  });

const adminCall = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, user = admin) =>
  ctx.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

/** The code of the newest mail to the work address. */
async function codeSentTo(workEmail: string): Promise<string> {
  const mails = await mailsTo(ctx, workEmail);
  const code = mails.at(-1)?.text.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${workEmail}`);
  return code;
}

/** A code that is not the right one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A verified user with a confirmed claim of the firm at `workEmail`. */
async function confirmedClaim(prefix: string, workEmail: string) {
  const user = await signUpUser(ctx, { verified: true, prefix });
  const res = await claim(user, workEmail);
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: number };
  const ok = await confirm(user, id, await codeSentTo(workEmail));
  expect(ok.statusCode, ok.body).toBe(200);
  return { user, id };
}

const details = (slug = firm.slug) => ctx.app.inject(`/api/firms/${slug}/details`);
const cardOf = async (id: number) =>
  (
    (await ctx.app.inject('/api/firms?pageSize=50')).json() as { firms: { id: number; claimed: boolean }[] }
  ).firms.find((f) => f.id === id);

const auditOf = (entity: string, entityId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entity, entity), eq(adminAuditLog.entityId, String(entityId))));

beforeAll(async () => {
  ctx = await createTestApp();
  firm = await insertFirm(ctx.db, {
    name: 'Claim Co',
    slug: 'claim-co',
    website: 'https://www.claimco.example/about',
  });
  otherFirm = await insertFirm(ctx.db, {
    name: 'Other Desk',
    slug: 'other-desk',
    website: 'otherdesk.example',
  });
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'claimadmin' });
}, 120_000);
afterAll(() => ctx.close());

describe('POST /api/firms/{slug}/claims', () => {
  it('asks for a signed-in user with a verified email', async () => {
    expect((await claim(null, 'a@claimco.example')).statusCode).toBe(401);
    const unverified = await signUpUser(ctx, { prefix: 'claimunv' });
    expect((await claim(unverified, 'a@claimco.example')).statusCode).toBe(403);
  });

  it("refuses free mail and other domains with a message naming the firm's domain, storing nothing", async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimdom' });
    const free = await claim(user, 'someone@gmail.com');
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toContain('Use an address at claimco.example.');
    expect(free.json().message).toContain('gmail.com is a free email service');
    for (const address of ['boss@otherdesk.example', 'x@notclaimco.example', 'x@claimco.example.evil.test']) {
      const other = await claim(user, address);
      expect(other.statusCode, address).toBe(400);
      expect(other.json().message).toBe('Use an address at claimco.example.');
    }
    expect(await ctx.db.$count(firmClaims, eq(firmClaims.userId, user.id))).toBe(0);
    expect((await mailsTo(ctx, 'someone@gmail.com')).length).toBe(0);
  });

  it('takes an address at a subdomain, emails a 6-digit code there and keeps only its hash', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimsub' });
    const res = await claim(user, 'ops@eu.claimco.example');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const code = await codeSentTo('ops@eu.claimco.example');
    const [row] = await ctx.db.select().from(firmClaims).where(eq(firmClaims.id, id));
    expect(row).toMatchObject({ status: 'unconfirmed', codeTries: 0, userId: user.id, propFirmId: firm.id });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeExpiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000);
    const own = (await ctx.app.inject({ url: '/api/profile/firm-claims', headers: as(user) })).json();
    expect(own[0]).toMatchObject({ id, state: 'awaiting_code', triesLeft: 5, firm: { slug: firm.slug } });
  });

  it('answers 409 to a second claim while one is pending, and 404 for an unknown firm', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimdup' });
    expect((await claim(user, 'one@claimco.example')).statusCode).toBe(201);
    const again = await claim(user, 'two@claimco.example');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('one@claimco.example');
    expect((await claim(user, 'x@claimco.example', 'no-such-firm')).statusCode).toBe(404);
  });

  it('refuses a firm without a website with 409', async () => {
    const bare = await insertFirm(ctx.db, { name: 'No Site', slug: 'no-site', website: null });
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimbare' });
    const res = await claim(user, 'a@nosite.example', bare.slug);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no website on record');
  });

  it('limits claims per user', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimrate' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await claim(user, `x${i}@gmail.com`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('POST /api/firm-claims/{id}/confirm', () => {
  it('confirms with the code after a wrong one, then refuses it again', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimok' });
    const { id } = (await claim(user, 'desk@claimco.example')).json();
    const code = await codeSentTo('desk@claimco.example');
    const wrong = await confirm(user, id, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not right: 4 tries left.');
    const stranger = await signUpUser(ctx, { verified: true, prefix: 'claimstr' });
    expect((await confirm(stranger, id, code)).statusCode).toBe(404);
    const ok = await confirm(user, id, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ id, status: 'confirmed' });
    expect((await confirm(user, id, code)).statusCode).toBe(409);
    expect((await confirm(user, id, '12ab56')).statusCode).toBe(400);
  });

  it('spends the claim after five wrong codes: the right one is refused and a new claim may start', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimspent' });
    const { id } = (await claim(user, 'guess@claimco.example')).json();
    const code = await codeSentTo('guess@claimco.example');
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await confirm(user, id, wrongCode(code))).json().message);
    expect(messages.at(-1)).toBe(
      'That code is not right, and that was the last try. Start a new claim to get a new code.',
    );
    const right = await confirm(user, id, code);
    expect(right.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(firmClaims).where(eq(firmClaims.id, id));
    expect(row).toMatchObject({ status: 'unconfirmed', codeTries: 5 });
    const own = (await ctx.app.inject({ url: '/api/profile/firm-claims', headers: as(user) })).json();
    expect(own[0]).toMatchObject({ id, state: 'spent', triesLeft: 0 });
    expect((await claim(user, 'guess@claimco.example')).statusCode).toBe(201);
  });

  it('refuses an expired code', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimexp' });
    const { id } = (await claim(user, 'late@claimco.example')).json();
    const code = await codeSentTo('late@claimco.example');
    await ctx.db
      .update(firmClaims)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(firmClaims.id, id));
    const res = await confirm(user, id, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('expired');
  });
});

describe('the admins decide', () => {
  it('answers 401 and 403 to everyone but admins', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimnotadmin' });
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/firm-claims'],
      ['POST', '/api/admin/firm-claims/1/approve'],
      ['POST', '/api/admin/firm-claims/1/reject', { reason: 'No.' }],
      ['DELETE', '/api/admin/firm-representatives/1', { reason: 'No.' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await adminCall(method as 'GET', url, payload, user)).statusCode, url).toBe(403);
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, headers: as(null), payload });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it('approves: the claimant represents the firm, it shows claimed at once, and the audit log has it', async () => {
    const { user, id } = await confirmedClaim('claimrep', 'rita@claimco.example');
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(users.id, user.id));
    await insertUserReview(ctx.db, { userId: user.id });
    // Cached answers, kept from their second request, must not outlive the approval.
    for (let i = 0; i < 3; i++) await details();
    const cached = await details();
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.json().claimed).toBe(false);
    await cardOf(firm.id);
    expect((await cardOf(firm.id))?.claimed).toBe(false);

    const queue = (await adminCall('GET', '/api/admin/firm-claims')).json();
    const waiting = queue.claims.find((c: { id: number }) => c.id === id);
    expect(waiting).toMatchObject({
      firm: { id: firm.id, name: 'Claim Co', website: 'https://www.claimco.example/about' },
      workEmail: 'rita@claimco.example',
      jobTitle: 'Head of Support',
      note: 'I run the support desk and want to answer reviews.',
      claimant: { id: user.id, email: user.email, reviewCount: 1, payoutReportCount: 0 },
    });
    expect(waiting.claimant.accountAgeDays).toBe(40);

    const res = await adminCall('POST', `/api/admin/firm-claims/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'approved' });
    expect((await adminCall('POST', `/api/admin/firm-claims/${id}/approve`)).statusCode).toBe(409);

    const me = (await ctx.app.inject({ url: '/api/auth/user', headers: as(user) })).json();
    expect(me.representativeOf).toEqual([{ firmId: firm.id, slug: firm.slug, name: 'Claim Co' }]);
    const after = await details();
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().claimed).toBe(true);
    expect((await cardOf(firm.id))?.claimed).toBe(true);
    expect((await details(otherFirm.slug)).json().claimed).toBe(false);

    const [entry] = await auditOf('firm_claim', id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'update' });
    expect(entry.summary).toContain('as a representative of Claim Co');
    const approvedMail = (await mailsTo(ctx, user.email)).at(-1);
    expect(approvedMail?.subject).toBe('You now represent Claim Co on Prop Firm Club');
    const list = (await adminCall('GET', '/api/admin/firm-claims')).json();
    expect(list.claims.map((c: { id: number }) => c.id)).not.toContain(id);
    expect(list.representatives).toContainEqual(
      expect.objectContaining({
        firm: expect.objectContaining({ id: firm.id }),
        workEmail: 'rita@claimco.example',
      }),
    );

    // A representative claims the firm again: 409; reviews it or reports its payouts: 403.
    const again = await claim(user, 'rita2@claimco.example');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already represent Claim Co.');
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/firms/${firm.id}/reviews`,
      headers: as(user),
      payload: { rating: 5, title: 'Best firm', comment: 'We pay every trader on time, every time.' },
    });
    expect(review.statusCode).toBe(403);
    expect(review.json().message).toBe('You represent Claim Co on Prop Firm Club, so you cannot review it.');
    const boundary = 'claimboundary';
    const payout = await ctx.app.inject({
      method: 'POST',
      url: `/api/firms/${firm.slug}/payout-reports`,
      headers: { ...as(user), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndenied\r\n--${boundary}--\r\n`,
    });
    expect(payout.statusCode).toBe(403);
    expect(payout.json().message).toContain('so you cannot report a payout from it');
    // Another firm's, they still may.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: `/api/firms/${otherFirm.id}/reviews`,
      headers: as(user),
      payload: { rating: 4, title: 'Good desk', comment: 'Fair rules and a helpful support team here.' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('rejects with a reason the claimant is emailed and reads', async () => {
    const { user, id } = await confirmedClaim('claimrej', 'sam@claimco.example');
    expect((await adminCall('POST', `/api/admin/firm-claims/${id}/reject`, { reason: '' })).statusCode).toBe(
      400,
    );
    const res = await adminCall('POST', `/api/admin/firm-claims/${id}/reject`, {
      reason: 'We could not find you on the firm team page.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'rejected', representativeId: null });
    const mail = (await mailsTo(ctx, user.email)).at(-1);
    expect(mail?.subject).toBe('Your claim of Claim Co was not approved');
    expect(mail?.text).toContain('Reason: We could not find you on the firm team page.');
    const own = (await ctx.app.inject({ url: '/api/profile/firm-claims', headers: as(user) })).json();
    expect(own[0]).toMatchObject({
      id,
      state: 'rejected',
      rejectReason: 'We could not find you on the firm team page.',
    });
    const me = (await ctx.app.inject({ url: '/api/auth/user', headers: as(user) })).json();
    expect(me.representativeOf).toEqual([]);
    const [entry] = await auditOf('firm_claim', id);
    expect(entry.summary).toContain('Rejected the claim');
    expect(entry.after).toMatchObject({
      status: 'rejected',
      rejectReason: 'We could not find you on the firm team page.',
    });
    expect((await adminCall('POST', `/api/admin/firm-claims/${id}/approve`)).statusCode).toBe(409);
    expect((await adminCall('POST', '/api/admin/firm-claims/999999/approve')).statusCode).toBe(404);
  });

  it('refuses to decide a claim not confirmed with its code', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'claimearly' });
    const { id } = (await claim(user, 'early@claimco.example')).json();
    const res = await adminCall('POST', `/api/admin/firm-claims/${id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This claim has not been confirmed with its code yet.');
  });

  it('removes a representative with a reason: the firm is no longer claimed once its last one goes', async () => {
    const { user, id } = await confirmedClaim('claimgone', 'gone@claimco.example');
    const approved = (await adminCall('POST', `/api/admin/firm-claims/${id}/approve`)).json();
    const reps = await ctx.db
      .select()
      .from(firmRepresentatives)
      .where(and(eq(firmRepresentatives.propFirmId, firm.id)));
    expect(reps.filter((r) => r.removedAt === null).length).toBe(2);
    const remove = (repId: number, reason = 'Left the company.') =>
      adminCall('DELETE', `/api/admin/firm-representatives/${repId}`, { reason });
    expect((await remove(approved.representativeId)).statusCode).toBe(200);
    expect((await remove(approved.representativeId)).statusCode).toBe(409);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await remove(approved.representativeId, '')).statusCode).toBe(400);
    const mail = (await mailsTo(ctx, user.email)).at(-1);
    expect(mail?.subject).toBe('You no longer represent Claim Co on Prop Firm Club');
    expect(mail?.text).toContain('Reason: Left the company.');
    const [entry] = await auditOf('firm_representative', approved.representativeId);
    expect(entry).toMatchObject({
      action: 'delete',
      actorId: admin.id,
      after: { removedReason: 'Left the company.' },
    });
    // Still one representative: still claimed.
    expect((await details()).json().claimed).toBe(true);
    const last = reps.find((r) => r.id !== approved.representativeId && r.removedAt === null);
    expect((await remove(last!.id)).statusCode).toBe(200);
    expect((await details()).json().claimed).toBe(false);
    expect((await cardOf(firm.id))?.claimed).toBe(false);
    const me = (await ctx.app.inject({ url: '/api/auth/user', headers: as(user) })).json();
    expect(me.representativeOf).toEqual([]);
    const list = (await adminCall('GET', '/api/admin/firm-claims')).json();
    expect(list.representatives.filter((r: { firm: { id: number } }) => r.firm.id === firm.id)).toEqual([]);
  });
});

describe('the demo representative', () => {
  const signIn = (password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: DEMO_REP_EMAIL, password },
    });

  it('represents the first demo firm, with a password printed at first start or REP_PASSWORD', async () => {
    await seedDemoData(ctx.db);
    // Written outside a request, as the seed writes before the server starts: the models read it all again.
    ctx.app.changes.publishCommitted({ type: 'firm.updated' });
    const [first] = DEMO_FIRMS;
    const printed: string[] = [];
    const log = {
      info: () => {},
      warn: (_o: object, message: string) => printed.push(message),
      error: () => {},
    } as never;
    expect(await ensureDemoRepresentative(ctx.app.auth, ctx.db, {}, log)).toBe('created');
    expect(await ensureDemoRepresentative(ctx.app.auth, ctx.db, {}, log)).toBe('exists');
    const password = printed.join('\n').match(/generated password: (\S+)/)?.[1];
    expect(password).toBeTruthy();
    const res = await signIn(password ?? '');
    expect(res.statusCode, res.body).toBe(200);
    const me = await ctx.app.inject({
      url: '/api/auth/user',
      headers: { cookie: cookieOf(res.headers['set-cookie']) },
    });
    expect(me.json().representativeOf).toEqual([
      { firmId: expect.any(Number), slug: first.slug, name: first.name },
    ]);
    expect((await details(first.slug)).json().claimed).toBe(true);
    expect((await details(DEMO_FIRMS[1].slug)).json().claimed).toBe(false);

    const [rep] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_REP_EMAIL));
    await ctx.db.delete(accounts).where(eq(accounts.userId, rep.id));
    expect(
      await ensureDemoRepresentative(ctx.app.auth, ctx.db, { REP_PASSWORD: 'rep password 123' }, log),
    ).toBe('created');
    expect((await signIn('rep password 123')).statusCode).toBe(200);
  });
});
