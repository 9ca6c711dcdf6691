// In a folder of its own: every file directly in pages/ is a page chunk of the build (lib/lazy-page.ts).
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../../domain/render';
import { render } from '../../entry-server';

const signedOut: ApiResponse = {
  status: 401,
  contentType: 'application/json; charset=utf-8',
  text: '{"message":"Authentication required"}',
  tags: [],
};

/** The /auth page as the server renders it for a visitor without a session. */
async function renderAuth(url: string): Promise<string> {
  const result = await render({
    url,
    config: { publicUrl: 'http://localhost', showAdminLink: false },
    fetchApi: async () => signedOut,
  });
  return result.html;
}

const TERMS = 'By creating an account you agree to our';

describe('AuthPage', () => {
  it('states the terms under the sign-up form', async () => {
    const html = await renderAuth('/auth?mode=signup');
    expect(html).toContain('Create Account');
    expect(html).toContain(TERMS);
  });

  it('does not state them where no account is created', async () => {
    for (const url of ['/auth', '/auth?mode=login', '/auth?mode=forgot', '/auth?mode=reset&token=abc']) {
      expect(await renderAuth(url), url).not.toContain(TERMS);
    }
  });
});
