import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_PATH } from '../domain/api-paths';
import type { ApiResponse } from '../domain/render';
import { render } from './entry-server';
import { matchAppRoute } from './routes';

const notFound: ApiResponse = {
  status: 404,
  contentType: 'application/json; charset=utf-8',
  text: '{"message":"Firm not found","code":"not_found"}',
  tags: [],
};
const signedOut: ApiResponse = { ...notFound, status: 401, text: '{"message":"Authentication required"}' };
const signedIn: ApiResponse = {
  ...notFound,
  status: 200,
  text: JSON.stringify({
    id: 'u1',
    email: 'trader@example.com',
    firstName: 'Tess',
    username: 'tess',
    isAdmin: false,
    points: 0,
    emailVerified: true,
    twoFactorEnabled: false,
    representativeOf: [],
    isAuthenticated: true,
  }),
};

/** Renders a page, noting the API paths it asks for, and which of them before the visitor is known. */
async function renderAsking(url: string, user: ApiResponse) {
  // The page's code loaded already, as on a server that has rendered it once.
  await matchAppRoute(url).route.page.preload();
  const asked: string[] = [];
  let askedBeforeUser: string[] = [];
  const result = await render({
    url,
    config: { publicUrl: 'http://localhost', showAdminLink: false },
    fetchApi: async (path) => {
      asked.push(path);
      if (path !== CURRENT_USER_PATH) return notFound;
      await new Promise((resolve) => setTimeout(resolve, 5));
      askedBeforeUser = [...asked];
      return user;
    },
  });
  return { result, asked, askedBeforeUser };
}

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

  it("asks for a page's data together with the visitor, without waiting for them", async () => {
    const { asked, askedBeforeUser } = await renderAsking('/blog', signedOut);
    expect(asked).toEqual(
      expect.arrayContaining([
        CURRENT_USER_PATH,
        '/api/blog?published=true',
        '/api/quick-updates?published=true',
      ]),
    );
    expect(askedBeforeUser).toEqual(asked);
  });

  it('renders the home for who asks: its loader runs once the visitor is known', async () => {
    const member = await renderAsking('/', signedIn);
    expect(member.askedBeforeUser).toEqual([CURRENT_USER_PATH]);
    expect(member.asked).toEqual([CURRENT_USER_PATH, '/api/home']);
    expect(member.result.html).toContain('Welcome back, tess');
    const visitor = await renderAsking('/', signedOut);
    expect(visitor.asked).toContain('/api/hero-stats');
    expect(visitor.asked).not.toContain('/api/home');
  });
});
