import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import Award from '~icons/lucide/award';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import MessageSquarePlus from '~icons/lucide/message-square-plus';
import Pencil from '~icons/lucide/pencil';
import type { CurrentUser } from '../../../domain/accounts';
import { formatReviewCount } from '../../../domain/firm-rules';
import type { FirmDetails, Review } from '../../../domain/firms';
import { formatAverageRating, formatDate } from '../../../domain/format';
import { MODERATION_REASONS } from '../../../domain/moderation-rules';
import { describeReplyFigures } from '../../../domain/reply-rules';
import { QueryFailure } from '../../components/query-failure';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { StarRating } from './firm-bits';
import { FirmReply } from './firm-reply';
import { helpfulVotesQuery } from './helpful-votes';
import { firmRatingQuery, firmReviewsQuery, ownFirmReviewQuery, withheldRepliesQuery } from './queries';
import { ReviewCard } from './review-card';
import { ReviewDialog } from './review-dialog';
import { useOlderReviews } from './review-hooks';

type ReviewStatus = 'published' | 'held' | 'hidden' | 'deleted';

/** The author may edit their review unless the moderators removed it (the server says the same). */
const editable = (status: ReviewStatus) => status === 'published' || status === 'held';

/**
 * Where the visitor's own review stands: shown, waiting for a check, or removed and why; with the
 * button that edits it while it may be edited.
 */
function OwnReviewState({
  createdAt,
  status,
  reason,
  onEdit,
}: {
  createdAt: string;
  status: ReviewStatus;
  reason: string | null;
  onEdit: () => void;
}) {
  if (!editable(status)) {
    return (
      <p className="text-sm font-medium text-red-800">
        Your review was removed by our moderators
        {reason ? `: ${MODERATION_REASONS[reason as keyof typeof MODERATION_REASONS] ?? reason}` : ''}.
      </p>
    );
  }
  return (
    <div className="grid justify-items-start gap-2">
      {status === 'held' ? (
        <p className="text-sm font-medium text-amber-800">
          Your review of {formatDate(createdAt)} is waiting for a check before it shows.
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
          <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
          You reviewed this firm on {formatDate(createdAt)}
        </p>
      )}
      <Button variant="outline" size="sm" onClick={onEdit}>
        <Pencil aria-hidden="true" /> Edit your review
      </Button>
    </div>
  );
}

export function FirmReviews({ firm, user }: { firm: FirmDetails; user: CurrentUser | null | undefined }) {
  const reviews = useQuery(firmReviewsQuery(firm.slug));
  const rating = useQuery(firmRatingQuery(firm.slug));
  const own = useQuery({ ...ownFirmReviewQuery(firm.slug), enabled: Boolean(user) });
  const ownReview = own.data?.review ?? null;
  const ownStatus = own.data?.status ?? 'published';
  const representsFirm = user?.representativeOf.some((f) => f.firmId === firm.id) ?? false;
  const withheld = useQuery({ ...withheldRepliesQuery(firm.slug), enabled: representsFirm });
  const withheldOf = new Map(
    (withheld.data ?? []).filter((w) => w.target === 'review').map((w) => [w.targetId, w]),
  );
  const votes = useQuery({ ...helpfulVotesQuery(firm.slug), enabled: Boolean(user) });
  const voteOf = new Map((votes.data ?? []).map((v) => [v.reviewId, v]));
  const [open, setOpen] = useState(false);
  // The own review as it was when "Edit your review" was pressed: the dialog starts from it.
  const [editing, setEditing] = useState<Review | null>(null);
  const average = rating.data?.averageRating ?? 0;
  const total = rating.data?.totalReviews ?? 0;
  const older = useOlderReviews(firm.slug, reviews.data, total);

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="grid min-w-0 grid-cols-1 content-start gap-4 lg:col-span-2">
        <Card>
          {/* A card with no header: padding on all sides (CardContent has none on top). */}
          <div className="flex flex-wrap items-center justify-between gap-4 p-5">
            <div>
              <h2 className="text-sm font-medium text-slate-600">Overall Rating</h2>
              <p className="mt-1 flex items-center gap-2">
                <span className="text-3xl font-bold text-slate-900">{formatAverageRating(average)}</span>
                <StarRating average={average} size="lg" />
              </p>
              <p className="text-sm text-slate-600">Based on {formatReviewCount(total)}</p>
              {rating.data?.replies ? (
                <p className="mt-1 text-sm text-slate-600" data-testid="reply-figures">
                  {describeReplyFigures(rating.data.replies)}
                </p>
              ) : null}
            </div>
            {ownReview ? (
              <OwnReviewState
                createdAt={ownReview.createdAt}
                status={ownStatus}
                reason={own.data?.moderationReason ?? null}
                onEdit={() => {
                  setEditing(ownReview);
                  setOpen(true);
                }}
              />
            ) : representsFirm ? (
              <p className="max-w-xs text-sm text-slate-600" role="note">
                You represent {firm.name}, so you cannot review it.
              </p>
            ) : user ? (
              <Button onClick={() => setOpen(true)}>
                <MessageSquarePlus aria-hidden="true" /> Write Review
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to={`/auth?next=${encodeURIComponent(`/firm/${firm.slug}`)}`}>
                  Log in to write a review
                </Link>
              </Button>
            )}
          </div>
        </Card>
        {reviews.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only">Loading reviews</span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="rounded-xl border border-slate-200 bg-white p-4">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="mt-3 h-4 w-24" />
                <Skeleton className="mt-3 h-16 w-full" />
              </div>
            ))}
          </div>
        ) : reviews.isError ? (
          <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            Reviews could not be loaded.
          </p>
        ) : reviews.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <h2 className="text-xl font-semibold text-slate-900">No Reviews Yet</h2>
            <p className="mt-2 text-slate-600">Be the first to share your experience with {firm.name}</p>
            {user && !representsFirm && (
              <Button className="mt-4" onClick={() => setOpen(true)}>
                Write the First Review
              </Button>
            )}
          </div>
        ) : (
          <ul className="grid gap-3">
            {[...reviews.data, ...older.reviews].map((r) => (
              <ReviewCard
                key={r.id}
                review={r}
                own={r.id === ownReview?.id}
                slug={firm.slug}
                vote={voteOf.get(r.id)}
                canVote={Boolean(user?.emailVerified)}
                canReport={Boolean(user)}
              >
                <FirmReply
                  to={{ firm, target: 'review', id: r.id }}
                  reply={r.reply}
                  representative={representsFirm}
                  withheld={withheldOf.get(r.id)}
                />
              </ReviewCard>
            ))}
          </ul>
        )}
        {older.more && (
          <Button
            type="button"
            variant="outline"
            className="justify-self-center"
            disabled={older.loading}
            onClick={older.show}
          >
            {older.loading ? 'Loading reviews…' : 'Show more reviews'}
          </Button>
        )}
        {older.error && <QueryFailure error={older.error} retry={older.retry} />}
      </div>
      <div className="grid min-w-0 content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Review Guidelines</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>Be genuine: share your own experience.</li>
              <li>Be specific about platform performance.</li>
              <li>Mention customer service.</li>
              <li>Stay respectful.</li>
            </ul>
            <p className="mt-3 text-sm text-slate-700">
              Reviews with links or copied text wait for a moderator.{' '}
              <Link to="/review-integrity" className="font-medium text-brand-700 underline">
                How we police reviews
              </Link>
            </p>
          </CardContent>
        </Card>
        <p className="flex items-center gap-2 rounded-xl bg-amber-50 p-4 text-sm font-medium text-amber-900">
          <Award className="size-5 shrink-0" aria-hidden="true" /> Top weekly reviews earn 50-250 bonus
          points!
        </p>
      </div>
      {user && (
        <ReviewDialog
          // Each version of the review edited starts the fields afresh (never while the dialog is open).
          key={editing ? `${editing.id}:${editing.editedAt}` : 'new'}
          firm={firm}
          user={user}
          review={editing}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </div>
  );
}
