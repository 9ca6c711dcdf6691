import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../tests/setup/accounts';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { CURRENT_USER_PATH } from '../../domain/api-paths';
import { insertFirm } from '../db/seed/factories';
import { tagsOfAnswer } from '../lib/response-cache-plugin';
import { requestInProcess } from './in-process-request';

describe('requestInProcess', () => {
  let ctx: TestContext;
  let member: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    const firm = await insertFirm(ctx.db, { name: 'In Process Capital', slug: 'in-process-capital' });
    ctx.app.changes.publishCommitted({ type: 'firm.created', id: firm.id });
    await ctx.app.readModels.settled();
    member = await signUpUser(ctx, { verified: true, prefix: 'inproc' });
  });
  afterAll(() => ctx.close());

  const both = async (url: string, headers: Record<string, string> = {}) => {
    const ours = await requestInProcess(ctx.app.routing, { url, headers, remoteAddress: '127.0.0.1' });
    const injected = await ctx.app.inject({ method: 'GET', url, headers });
    return { ours, injected };
  };

  it('answers as the server answers a browser: status, headers and body', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/firms?pageSize=5', {}],
      ['/api/firms/in-process-capital/details', {}],
      ['/api/firms/no-such-firm/details', {}],
      ['/api/firms?sort=nonsense', {}],
      [CURRENT_USER_PATH, {}],
      [CURRENT_USER_PATH, { cookie: member.cookie }],
      ['/api/admin/firms', { cookie: member.cookie }],
    ];
    for (const [url, headers] of cases) {
      const { ours, injected } = await both(url, headers);
      expect(ours.status, url).toBe(injected.statusCode);
      expect(ours.headers['content-type'], url).toBe(injected.headers['content-type']);
      expect(ours.headers['cache-control'], url).toBe(injected.headers['cache-control']);
      expect(ours.body, url).toBe(injected.body);
    }
    const signedIn = await both(CURRENT_USER_PATH, { cookie: member.cookie });
    expect(signedIn.ours.body).toContain(member.email);
  });

  it('is answered by the response cache once stored, with the tags of the answer', async () => {
    const url = '/api/firms/in-process-capital/details';
    for (let i = 0; i < 2; i++)
      await requestInProcess(ctx.app.routing, { url, headers: {}, remoteAddress: '127.0.0.1' });
    const hit = await requestInProcess(ctx.app.routing, { url, headers: {}, remoteAddress: '127.0.0.1' });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(JSON.parse(hit.body).name).toBe('In Process Capital');
    expect(tagsOfAnswer(hit.req)).toContain('firm');
  });
});
