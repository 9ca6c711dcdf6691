import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../tests/setup/test-app';
import { activityLogs, pageViews } from './db/schema';
import { insertFirm } from './db/seed/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Before any request reads the firm directory.
  await insertFirm(ctx.db, { name: 'Café% Capital', slug: 'cafe-percent-capital' });
  await insertFirm(ctx.db, { name: 'Café Capital', slug: 'cafe-capital' });
}, 120_000);
afterAll(() => ctx.close());

const validView = {
  path: '/firms',
  title: 'All Prop Firms',
  sessionId: 'session-12345678',
  device: 'desktop',
  browser: 'Chrome',
  loadTime: 120,
};

/** A page-view beacon: the foundation's checks run on it like on any state-changing API call. */
const postPageView = (payload: unknown, origin = TEST_ORIGIN) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/pageview',
    headers: { 'content-type': 'application/json', origin },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('the HTTP foundation', () => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('returns JSON 404 for unknown API paths', async () => {
    const res = await ctx.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('sets the security headers', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('lets widgets be framed by any site', async () => {
    const res = await ctx.app.inject('/widget/firm/1');
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await postPageView('{"path": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_json');
  });

  it('rejects bodies over 1 MB with 413', async () => {
    const res = await postPageView({ ...validView, title: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
  });

  it('names the field and reason on validation failures', async () => {
    const res = await postPageView({ ...validView, device: 'fridge' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('device');
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await postPageView(validView, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    const sameSite = await postPageView(validView);
    expect(sameSite.statusCode).toBe(202);
  });

  it.each([
    ['/api/firms/%00/details', 'the URL'],
    ['/outbound/%00', 'the URL'],
    ['/api/search/firms?q=ab%00', 'q'],
    ['/api/firms?q=%00', 'q'],
  ])('answers 400 for a NUL character in %s, not a database error', async (url, field) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `Invalid input: ${field} must not contain a NUL character`,
      code: 'validation_failed',
    });
  });

  it('refuses a NUL character in a JSON body and stores nothing', async () => {
    const before = await ctx.db.$count(pageViews);
    const res = await postPageView({ ...validView, title: 'All Prop\u0000 Firms' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid input: title must not contain a NUL character');
    expect(await ctx.db.$count(pageViews)).toBe(before);
  });

  it.each([
    [
      'a value',
      { activityType: 'search', metadata: { q: 'x\udfff' } },
      'metadata.q must be well-formed Unicode text',
    ],
    [
      'a key',
      { activityType: 'search', metadata: { '\ud83d': 1 } },
      'metadata has a key that is not well-formed Unicode text',
    ],
  ])(
    'refuses a lone surrogate in %s of a JSON body (jsonb would refuse it: a 500) and stores nothing',
    async (_where, body, message) => {
      const before = await ctx.db.$count(activityLogs);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/activity-logs',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Invalid input: ${message}`);
      expect(await ctx.db.$count(activityLogs)).toBe(before);
    },
  );

  it.each([
    ['an API path', '/api/firms/%E0%A4%A'],
    ['a page path', '/firm/%E0%A4%A'],
    ['an API query string', '/api/firms?q=%E0%A4%A'],
    ['a lone % in an API query string', '/api/search/firms?q=%'],
    ['a page query string', '/firms?q=caf%C3%A'],
  ])('answers a malformed percent-encoding in %s with a 400 in the usual shape', async (_where, url) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The URL is not valid: it has a malformed percent-encoding (write a literal % as %25).',
      code: 'bad_url',
    });
  });

  it.each([
    ['a page path', '/firm/%E0%A4%A'],
    ['a page query string', '/firms?q=caf%C3%A'],
  ])(
    'answers a browser asking for %s with a malformed escape with a small HTML page',
    async (_where, url) => {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>This address is not valid</h1>');
      expect(res.body).toContain('malformed percent-encoding (write a literal % as %25).');
      expect(res.body).toContain('<a href="/">Go to Prop Firm Club</a>');
    },
  );

  it('answers the API in JSON whatever the Accept header says', async () => {
    const res = await ctx.app.inject({ url: '/api/firms/%E0%A4%A', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_url' });
  });

  it('still decodes well-formed escapes in the query string', async () => {
    const res = await ctx.app.inject('/api/firms?q=caf%C3%A9%25');
    expect(res.statusCode).toBe(200);
    // "café%" is in the first name only; undecoded ("caf%C3%A9%25") it would match neither.
    expect(res.json().firms.map((f: { slug: string }) => f.slug)).toEqual(['cafe-percent-capital']);
  });

  it('answers an over-long path segment with a 414 in the usual shape', async () => {
    const res = await ctx.app.inject(`/api/firms/${'a'.repeat(120)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      message: 'The URL is not valid: a part of its path is too long.',
      code: 'url_too_long',
    });
  });

  it('documents the API as OpenAPI', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/analytics/pageview']).toBeDefined();
  });
});
