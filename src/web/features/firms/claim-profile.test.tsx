import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { CurrentUser } from '../../../domain/accounts';
import type { OwnFirmClaim } from '../../../domain/firm-claims';
import type { FirmDetails } from '../../../domain/firms';
import { ClaimProfile } from './claim-profile';
import { ownFirmClaimsQuery } from './queries';

const firm = { id: 7, slug: 'acme', name: 'Acme Funding', website: 'https://acme.example' } as FirmDetails;

const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  username: 'ann',
  isAdmin: false,
  points: 0,
  emailVerified: true,
  twoFactorEnabled: false,
  representativeOf: [],
  isAuthenticated: true,
  ...over,
});

const claimOf = (over: Partial<OwnFirmClaim>): OwnFirmClaim => ({
  id: 3,
  firm: { id: 7, slug: 'acme', name: 'Acme Funding' },
  workEmail: 'ann@acme.example',
  jobTitle: 'Support lead',
  status: 'confirmed',
  state: 'confirmed',
  triesLeft: 4,
  codeExpiresAt: '2026-06-01T12:15:00.000Z',
  rejectReason: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  decidedAt: null,
  ...over,
});

/** The card as the server renders it: its text, and its markup. */
function render(visitor: CurrentUser | null, claims: OwnFirmClaim[] = []) {
  // As on the server: the loader's answers, never fetched again during the render.
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: () => Promise.reject(new Error('the card asked for data it was not given')),
      },
    },
  });
  client.setQueryData(ownFirmClaimsQuery().queryKey, claims);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/firm/acme">
        <ClaimProfile firm={firm} user={visitor} />
      </Router>
    </QueryClientProvider>,
  );
  const text = html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text };
}

describe("the firm page's claim card", () => {
  it('sends a visitor to log in, and back to the firm', () => {
    const { html, text } = render(null);
    expect(text).toBe('Work at Acme Funding? Claim this profile');
    expect(html).toContain('href="/auth?next=%2Ffirm%2Facme"');
  });

  it('offers the claim to a verified user, and asks an unverified one to verify first', () => {
    expect(render(user()).text).toBe('Work at Acme Funding? Claim this profile');
    expect(render(user()).html).toContain('<button');
    const unverified = render(user({ emailVerified: false }));
    expect(unverified.text).toContain('Verify your email to claim this profile.');
    expect(unverified.html).not.toContain('<button');
  });

  it("tells where the user's own claim stands, with an admin's reason", () => {
    expect(render(user(), [claimOf({})]).text).toBe(
      'Your claim is confirmed and waits for our check. We will email you.',
    );
    const rejected = render(user(), [
      claimOf({ status: 'rejected', state: 'rejected', rejectReason: 'Not on the team page.' }),
    ]).text;
    expect(rejected).toContain('Your last claim was not approved. Reason: Not on the team page.');
    expect(rejected).toContain('Claim this profile');
    expect(render(user(), [claimOf({ status: 'unconfirmed', state: 'awaiting_code' })]).text).toContain(
      'Enter your code',
    );
    // Another firm's claim says nothing here.
    const elsewhere = claimOf({ firm: { id: 8, slug: 'other', name: 'Other' } });
    expect(render(user(), [elsewhere]).text).toBe('Work at Acme Funding? Claim this profile');
  });

  it("offers nothing to claim to the firm's representative", () => {
    const rep = user({ representativeOf: [{ firmId: 7, slug: 'acme', name: 'Acme Funding' }] });
    expect(render(rep).text).toBe('You represent Acme Funding on Prop Firm Club. Firm console');
    expect(render(rep).html).toContain('href="/firm-console/acme"');
  });

  it("links an admin to the firm's console, and nobody else", () => {
    const admin = render(user({ isAdmin: true }));
    expect(admin.text).toBe('Work at Acme Funding? Claim this profile Admin: Firm console');
    expect(admin.html).toContain('href="/firm-console/acme"');
    expect(render(user()).html).not.toContain('/firm-console/');
    expect(render(null).html).not.toContain('/firm-console/');
  });
});
