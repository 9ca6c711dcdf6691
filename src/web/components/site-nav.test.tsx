import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { CurrentUser } from '../../domain/accounts';
import { currentUserQuery } from '../features/accounts/queries';
import { SiteConfigProvider } from '../lib/site-config';
import { SiteNav } from './site-nav';

const baseUser: CurrentUser = {
  id: 'u1',
  email: 'trader@example.com',
  firstName: 'Tess',
  username: 'tess',
  isAdmin: false,
  points: 1250,
  emailVerified: true,
  twoFactorEnabled: false,
  representativeOf: [],
  isAuthenticated: true,
};

/** Server-renders the nav as the page renderer does, with the user already in the cache. */
function renderNav(path: string, user: CurrentUser | null, showAdminLink = true): string {
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, user);
  return renderToString(
    <QueryClientProvider client={client}>
      <SiteConfigProvider value={{ publicUrl: 'http://localhost', showAdminLink }}>
        <Router ssrPath={path}>
          <SiteNav />
        </Router>
      </SiteConfigProvider>
    </QueryClientProvider>,
  );
}

const hasLink = (html: string, href: string) => html.includes(`href="${href}"`);

describe('SiteNav', () => {
  it('offers Log In / Sign Up to an anonymous visitor, and no Profile or Admin link', () => {
    const html = renderNav('/', null);
    expect(html).toContain('Log In / Sign Up');
    expect(hasLink(html, '/auth')).toBe(true);
    expect(hasLink(html, '/profile')).toBe(false);
    expect(hasLink(html, '/admin')).toBe(false);
  });

  it('shows Profile with the points badge to a signed-in user', () => {
    const html = renderNav('/', baseUser);
    expect(hasLink(html, '/profile')).toBe(true);
    expect(html).toContain('1,250');
    expect(html).not.toContain('Log In / Sign Up');
    expect(hasLink(html, '/admin')).toBe(false);
  });

  it('marks the current page link as active', () => {
    const html = renderNav('/firms', null);
    expect(html).toMatch(/aria-current="page"[^>]*href="\/firms"|href="\/firms"[^>]*aria-current="page"/);
    expect(html).not.toMatch(/href="\/"[^>]*aria-current="page"/);
  });

  it('shows the Admin link to an admin everywhere while the site flag is on', () => {
    const admin = { ...baseUser, isAdmin: true };
    for (const path of ['/', '/firms', '/blog', '/coupons']) {
      expect(hasLink(renderNav(path, admin, true), '/admin'), path).toBe(true);
    }
  });

  it('hides the Admin link on the home, firms and blog pages when the site flag is off', () => {
    const admin = { ...baseUser, isAdmin: true };
    for (const path of ['/', '/firms', '/blog']) {
      expect(hasLink(renderNav(path, admin, false), '/admin'), path).toBe(false);
    }
    for (const path of ['/coupons', '/giveaways', '/profile']) {
      expect(hasLink(renderNav(path, admin, false), '/admin'), path).toBe(true);
    }
  });

  it('renders More as a closed disclosure controlling a hidden list of its links', () => {
    const html = renderNav('/giveaways', null);
    const button = html.match(/<button[^>]*>More/)?.[0] ?? '';
    expect(button).toContain('aria-expanded="false"');
    const controls = button.match(/aria-controls="([^"]+)"/)?.[1];
    expect(controls).toBeTruthy();
    const list = html.match(new RegExp(`<ul[^>]*id="${controls}"[^>]*>(.*?)</ul>`))?.[0] ?? '';
    expect(list).toMatch(/^<ul[^>]*hidden/);
    expect(hasLink(list, '/giveaways')).toBe(true);
    expect(hasLink(list, '/earn-points')).toBe(true);
    expect(list).toMatch(
      /aria-current="page"[^>]*href="\/giveaways"|href="\/giveaways"[^>]*aria-current="page"/,
    );
    expect(html).not.toContain('role="menu"');
  });
});
