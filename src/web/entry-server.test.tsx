import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '../domain/render';
import { render } from './entry-server';

const notFound: ApiResponse = {
  status: 404,
  contentType: 'application/json; charset=utf-8',
  text: '{"message":"Firm not found","code":"not_found"}',
  tags: [],
};
const signedOut: ApiResponse = { ...notFound, status: 401, text: '{"message":"Authentication required"}' };

describe('server render', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves no timer behind, so the render and its data are released with the response', async () => {
    vi.useFakeTimers();
    const result = await render({
      url: '/firm/no-such-firm',
      config: { publicUrl: 'http://localhost', showAdminLink: false },
      fetchApi: async (path) => (path === '/api/auth/user' ? signedOut : notFound),
    });
    expect(result.status).toBe(404);
    expect(result.html).toContain('Firm Not Found');
    // Notifications batch on 0 ms timers; a query's removal is scheduled minutes ahead.
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
