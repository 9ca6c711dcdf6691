import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { CurrentUser } from '../../../domain/accounts';
import type { FirmDetails, OwnReview, Review } from '../../../domain/firms';
import { FirmReviews } from './firm-reviews';
import { helpfulVotesQuery } from './helpful-votes';
import { firmRatingQuery, firmReviewsQuery, ownFirmReviewQuery } from './queries';

const firm = { id: 3, slug: 'acme', name: 'Acme Funding' } as unknown as FirmDetails;

const user: CurrentUser = {
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
};

const review = (id: number, editedAt: string | null): Review => ({
  id,
  rating: 4,
  title: `Review ${id}`,
  comment: 'Paid out twice without any trouble.',
  createdAt: '2026-11-02T09:00:00.000Z',
  editedAt,
  isManual: false,
  authorName: null,
  source: null,
  isVerified: false,
  helpfulCount: 0,
  user: { firstName: null, username: `trader${id}` },
  reply: null,
});

const mine = review(1, '2026-11-05T09:00:00.000Z');
const theirs = { ...review(2, null), helpfulCount: 3 };

function render(own: OwnReview | null) {
  // The server render fetches nothing: every query the tab shows is filled here.
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: () => Promise.reject(new Error('not fetched in this test')) } },
  });
  client.setQueryData(firmReviewsQuery('acme').queryKey, [mine, theirs]);
  client.setQueryData(firmRatingQuery('acme').queryKey, { averageRating: 4, totalReviews: 2, replies: null });
  // A member's own votes are asked for with the member (the firm page's loader); a visitor has none.
  if (own) client.setQueryData(helpfulVotesQuery('acme').queryKey, []);
  if (own) client.setQueryData(ownFirmReviewQuery('acme').queryKey, own);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/firm/acme">
        <FirmReviews firm={firm} user={own ? user : null} />
      </Router>
    </QueryClientProvider>,
  );
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe("the firm page's Reviews tab and its author's own review", () => {
  it('shows an edited review with the date it was written and when it was edited', () => {
    const text = render(null);
    expect(text).toContain('trader1 Nov 2, 2026 · Edited Nov 5, 2026 Review 1');
    // A review never edited shows its date alone.
    expect(text).toContain('trader2 Nov 2, 2026 Review 2');
    expect(text.match(/Edited/g)).toHaveLength(1);
    expect(text).not.toContain('Edit your review');
    // A visitor reads the helpful count on the review itself.
    expect(text).toContain('3 members found this helpful');
  });

  it('offers its author "Edit your review" while it shows or waits for a check', () => {
    const published = render({ review: mine, status: 'published', moderationReason: null });
    expect(published).toContain('You reviewed this firm on Nov 2, 2026 Edit your review');
    const held = render({ review: mine, status: 'held', moderationReason: null });
    expect(held).toContain('waiting for a check before it shows. Edit your review');
  });

  it('offers no edit once the moderators removed it', () => {
    const hidden = render({ review: mine, status: 'hidden', moderationReason: 'spam' });
    expect(hidden).toContain('Your review was removed by our moderators: Spam.');
    expect(hidden).not.toContain('Edit your review');
  });
});
