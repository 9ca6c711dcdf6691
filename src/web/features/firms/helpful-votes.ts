import { queryOptions } from '@tanstack/react-query';

export interface HelpfulVote {
  reviewId: number;
  helpfulCount: number;
  voted: boolean;
}

// Apart from queries.ts, which every page loads, and from review-hooks.ts, which brings the review
// form's checks: only the Reviews tab and the firm page's loader ask for it, for a signed-in member
// (everyone else reads the counts on the reviews themselves).
export const helpfulVotesQuery = (slug: string) =>
  queryOptions<HelpfulVote[]>({ queryKey: [`/api/firms/${encodeURIComponent(slug)}/helpful-votes`] });
