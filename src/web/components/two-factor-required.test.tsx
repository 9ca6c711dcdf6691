import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../domain/accounts';
import type { ApiResponse } from '../../domain/render';
import { render } from '../entry-server';

const admin = (twoFactorEnabled: boolean): CurrentUser => ({
  id: 'u1',
  email: 'staff@example.com',
  firstName: 'Sam',
  username: 'sam',
  isAdmin: true,
  points: 0,
  emailVerified: true,
  twoFactorEnabled,
  representativeOf: [],
  isAuthenticated: true,
});

const renderAdmin = (user: CurrentUser, requireStaffTwoFactor: boolean) =>
  render({
    url: '/admin',
    config: { publicUrl: 'http://localhost', showAdminLink: true, requireStaffTwoFactor },
    fetchApi: async (path): Promise<ApiResponse> => ({
      status: path === '/api/auth/user' ? 200 : 404,
      contentType: 'application/json; charset=utf-8',
      text: path === '/api/auth/user' ? JSON.stringify(user) : '{"message":"Not found"}',
      tags: [],
    }),
  });

describe('admin pages under REQUIRE_STAFF_2FA', () => {
  it('ask an admin without two-factor sign-in to turn it on in /profile', async () => {
    const { html } = await renderAdmin(admin(false), true);
    expect(html).toContain('Two-factor sign-in required');
    expect(html).toContain('href="/profile#two-factor"');
  });

  it('let an admin with two-factor in, and anyone while it is off', async () => {
    for (const [enabled, required] of [
      [true, true],
      [false, false],
    ]) {
      const { html } = await renderAdmin(admin(enabled), required);
      expect(html).not.toContain('Two-factor sign-in required');
    }
  });
});
