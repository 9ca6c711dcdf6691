import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../domain/render';
import { render } from './entry-server';

const signedOut: ApiResponse = {
  status: 401,
  contentType: 'application/json; charset=utf-8',
  text: '{"message":"Authentication required"}',
  tags: [],
};

describe('App shell', () => {
  it('makes the skip link the first focusable element of the page, ahead of the header', async () => {
    const { html } = await render({
      url: '/',
      config: { publicUrl: 'http://localhost', showAdminLink: false },
      fetchApi: async () => signedOut,
    });
    const first = html.match(/<(a|button|input|select|textarea)\b[^>]*>[^<]*/)?.[0] ?? '';
    expect(first).toMatch(/^<a [^>]*href="#main"/);
    expect(first).toContain('Skip to content');
    expect(html.indexOf('Skip to content')).toBeLessThan(html.indexOf('<header'));
  });
});
