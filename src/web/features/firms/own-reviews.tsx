import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDate } from '../../../domain/format';
import type { OwnReviewStatus } from '../../../domain/moderation';
import { MODERATION_REASONS } from '../../../domain/moderation-rules';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { getQueryFn } from '../../lib/api';

export const ownReviewsQuery = () =>
  queryOptions<OwnReviewStatus[]>({
    queryKey: ['/api/profile/reviews'],
    queryFn: getQueryFn<OwnReviewStatus[]>({ on401: 'throw' }),
  });

const STATUS = {
  published: { label: 'Shown', variant: 'success' },
  held: { label: 'Waiting for a check', variant: 'warning' },
  deleted: { label: 'Removed', variant: 'danger' },
  hidden: { label: 'Removed', variant: 'danger' },
} as const;

/** /profile: the user's reviews, where each stands, and why a removed one was removed. */
export function OwnReviews() {
  const { data, isPending, isError } = useQuery(ownReviewsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your reviews</CardTitle>
        <CardDescription>
          Reviews with a link or the same text as another wait for a moderator first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? <p className="text-sm text-slate-600">Loading your reviews</p> : null}
        {isError ? <p className="text-sm text-red-700">Your reviews could not be loaded.</p> : null}
        {data?.length === 0 ? (
          <p className="text-sm text-slate-600">You have not reviewed a firm yet.</p>
        ) : null}
        {data?.length ? (
          <ul className="divide-y divide-slate-200" data-testid="own-reviews">
            {data.map((review) => (
              <li key={review.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link
                    href={`/firm/${review.firm.slug}?tab=reviews`}
                    className="font-medium text-brand-700 underline"
                  >
                    {review.firm.name}
                  </Link>
                  <p className="text-sm text-slate-700 wrap-anywhere">
                    {review.title} · {review.rating} of 5 · {formatDate(review.createdAt)}
                  </p>
                  {(review.status === 'hidden' || review.status === 'deleted') && review.moderationReason ? (
                    <p className="text-sm text-red-800">
                      Removed:{' '}
                      {MODERATION_REASONS[review.moderationReason as keyof typeof MODERATION_REASONS] ??
                        review.moderationReason}
                    </p>
                  ) : null}
                </div>
                <Badge variant={STATUS[review.status].variant}>{STATUS[review.status].label}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
