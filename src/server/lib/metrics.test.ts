import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { hasBearerToken } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('hasBearerToken', () => {
  it('accepts only the whole token after "Bearer "', () => {
    expect(hasBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [
      undefined,
      '',
      TOKEN,
      `bearer ${TOKEN}`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      'Bearer ',
    ]) {
      expect(hasBearerToken(header, TOKEN), String(header)).toBe(false);
    }
  });
});

/** Over a socket: the response cache answers before routing there (decision 0016). */
async function serve(token?: string): Promise<{ ctx: TestContext; origin: string }> {
  const ctx = await createTestApp(token ? { METRICS_TOKEN: token } : {});
  return { ctx, origin: await ctx.app.listen({ host: '127.0.0.1', port: 0 }) };
}

describe('/metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  let origin: string;
  beforeAll(async () => {
    ({ ctx, origin } = await serve(TOKEN));
  });
  afterAll(() => ctx.close());

  const scrape = (authorization?: string) =>
    fetch(`${origin}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers the monitoring that sends the token, never from a cache', async () => {
    await fetch(`${origin}/api/firms`);
    for (let i = 0; i < 3; i++) {
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-cache')).toBeNull();
      const body = await res.text();
      expect(body).toContain(
        'http_request_duration_seconds_count{method="GET",route="/api/firms",status="200"}',
      );
      expect(body).toContain('process_cpu_seconds_total');
    }
  });

  it('refuses any other request with 401, after a scrape as before one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', TOKEN, `Bearer ${TOKEN}0`]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.text();
      expect(body).not.toContain('http_request_duration_seconds');
      expect(JSON.parse(body)).toEqual({ message: 'A valid bearer token is required', code: 'unauthorized' });
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  let origin: string;
  beforeAll(async () => {
    ({ ctx, origin } = await serve());
  });
  afterAll(() => ctx.close());

  it('does not exist, whatever is sent', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Bearer anything-at-all' },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${origin}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ message: 'No route for GET /metrics', code: 'not_found' });
    }
  });
});
