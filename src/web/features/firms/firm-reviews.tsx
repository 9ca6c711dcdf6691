import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import Award from '~icons/lucide/award';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import Flag from '~icons/lucide/flag';
import MessageSquarePlus from '~icons/lucide/message-square-plus';
import Star from '~icons/lucide/star';
import ThumbsUp from '~icons/lucide/thumbs-up';
import type { CurrentUser } from '../../../domain/accounts';
import { DEFAULT_REVIEW_RATING, describeReviewAuthor, formatReviewCount } from '../../../domain/firm-rules';
import {
  type FirmDetails,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  type Review,
} from '../../../domain/firms';
import { countOf, formatAverageRating, formatDate } from '../../../domain/format';
import { MODERATION_REASONS, REPORT_REASONS } from '../../../domain/moderation-rules';
import { QueryFailure } from '../../components/query-failure';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorMessage, errorStatus } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toastForError } from '../../lib/error-toast';
import { StarRating } from './firm-bits';
import {
  firmListsFilter,
  firmRatingQuery,
  firmReviewsQuery,
  olderFirmReviewsQuery,
  ownFirmReviewQuery,
} from './queries';

/** Spec section 5: the checks the browser makes before sending a review. */
export function checkReviewDraft(
  user: CurrentUser | null | undefined,
  draft: { title: string; comment: string },
): { title: string; description: string } | null {
  if (!user) return { title: 'Authentication required', description: 'Please log in to submit a review.' };
  if (!user.emailVerified) {
    return {
      title: 'Email verification required',
      description:
        'Please verify your email address before posting reviews. Check your inbox for the verification email.',
    };
  }
  if (!draft.title.trim() || !draft.comment.trim()) {
    return {
      title: 'Missing information',
      description: 'Please provide both a title and comment for your review.',
    };
  }
  // The server refuses shorter texts; its 400 only maps to the generic 'Invalid request' (spec 8).
  if (draft.title.trim().length < REVIEW_TITLE_MIN || draft.comment.trim().length < REVIEW_COMMENT_MIN) {
    return {
      title: 'Review too short',
      description: `Please write a title of at least ${REVIEW_TITLE_MIN} characters and a review of at least ${REVIEW_COMMENT_MIN} characters.`,
    };
  }
  return null;
}

/** Spec section 8: the review-specific failures first, then the generic mapping. */
export function reviewErrorToast(error: unknown): { title: string; description?: string } {
  const status = errorStatus(error);
  const message = errorMessage(error).toLowerCase();
  if (status === 400 && message.includes('already')) {
    return { title: 'Review Already Submitted', description: 'You have already reviewed this firm.' };
  }
  if (status === 403 && message.includes('verification')) {
    return {
      title: 'Email Verification Required',
      description: 'Please verify your email address before posting reviews.',
    };
  }
  return toastForError(error);
}

function StarInput({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <div role="radiogroup" aria-label="Rating" className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={countOf(n, 'star')}
          onClick={() => onChange(n)}
          className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Star
            className={cn(
              // The icon's path carries fill="none", so the fill is set on the path itself.
              'size-7',
              n <= value ? '*:fill-amber-400 text-amber-400' : '*:fill-slate-200 text-slate-300',
            )}
            aria-hidden="true"
          />
        </button>
      ))}
    </div>
  );
}

function ReviewDialog({
  firm,
  user,
  open,
  onOpenChange,
}: {
  firm: FirmDetails;
  user: CurrentUser | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(DEFAULT_REVIEW_RATING);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      apiJson<Review & { status: 'published' | 'held' | 'hidden' | 'deleted' }>(
        'POST',
        `/api/firms/${firm.id}/reviews`,
        {
          propFirmId: firm.id,
          rating,
          title: title.trim(),
          comment: comment.trim(),
        },
      ),
    onSuccess: async (posted) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: firmReviewsQuery(firm.slug).queryKey }),
        queryClient.invalidateQueries({ queryKey: firmRatingQuery(firm.slug).queryKey }),
        queryClient.invalidateQueries({ queryKey: ownFirmReviewQuery(firm.slug).queryKey }),
        queryClient.invalidateQueries(firmListsFilter),
      ]);
      toast(
        posted.status === 'held'
          ? {
              title: 'Review received',
              description:
                'It will show once our team has checked it (our review rules hold some reviews for a look).',
            }
          : {
              title: 'Review Submitted',
              description: `Thank you for reviewing ${firm.name}.`,
              variant: 'success',
            },
      );
      setRating(DEFAULT_REVIEW_RATING);
      setTitle('');
      setComment('');
      onOpenChange(false);
    },
    onError: (error) => {
      toast({ ...reviewErrorToast(error), variant: 'destructive' });
      // Reviewed already (in another tab, say): show it as reviewed instead of offering the dialog.
      if (errorStatus(error) === 400) {
        void queryClient.invalidateQueries({ queryKey: ownFirmReviewQuery(firm.slug).queryKey });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkReviewDraft(user, { title, comment });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    mutation.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Write a Review for {firm.name}</DialogTitle>
          <DialogDescription>Share your honest experience to help other traders.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <span className="text-sm font-medium text-slate-800">Rating</span>
            <StarInput value={rating} onChange={setRating} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="review-title">Review Title</Label>
            <Input
              id="review-title"
              placeholder="Summarize your experience..."
              value={title}
              maxLength={REVIEW_TITLE_MAX}
              aria-describedby="review-title-hint"
              onChange={(e) => setTitle(e.target.value)}
              disabled={mutation.isPending}
            />
            <p id="review-title-hint" className="text-xs text-slate-600">
              At least {REVIEW_TITLE_MIN} characters.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="review-comment">Your Review</Label>
            <Textarea
              id="review-comment"
              rows={4}
              value={comment}
              maxLength={REVIEW_COMMENT_MAX}
              aria-describedby="review-comment-hint"
              onChange={(e) => setComment(e.target.value)}
              disabled={mutation.isPending}
            />
            <p id="review-comment-hint" className="text-xs text-slate-600">
              At least {REVIEW_COMMENT_MIN} characters.
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Submitting...' : 'Submit Review'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface HelpfulVote {
  reviewId: number;
  helpfulCount: number;
  voted: boolean;
}

const helpfulVotesQuery = (slug: string) =>
  queryOptions<HelpfulVote[]>({ queryKey: [`/api/firms/${encodeURIComponent(slug)}/helpful-votes`] });

/** 'Was this helpful?': verified members vote on other members' reviews (counted in the weekly awards). */
function HelpfulButton({
  slug,
  reviewId,
  vote,
  canVote,
}: {
  slug: string;
  reviewId: number;
  vote?: HelpfulVote;
  canVote: boolean;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => apiJson<{ helpfulCount: number }>('POST', `/api/reviews/${reviewId}/helpful`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpfulVotesQuery(slug).queryKey }),
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  const count = vote?.helpfulCount ?? 0;
  return (
    <div className="mt-3 flex items-center gap-2 text-xs text-slate-600">
      {canVote ? (
        <Button
          size="sm"
          variant={vote?.voted ? 'selected' : 'outline'}
          aria-pressed={Boolean(vote?.voted)}
          disabled={vote?.voted || mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          <ThumbsUp aria-hidden="true" /> Was this helpful?
        </Button>
      ) : null}
      {count > 0 ? <span>{countOf(count, 'member')} found this helpful</span> : null}
    </div>
  );
}

function ReviewCard({
  review,
  own,
  slug,
  vote,
  canVote,
  canReport,
}: {
  review: Review;
  own: boolean;
  slug: string;
  vote?: HelpfulVote;
  canVote: boolean;
  canReport: boolean;
}) {
  const author = describeReviewAuthor(review);
  return (
    // wrap-anywhere: a visitor's long unbroken word wraps inside the card instead of widening the page.
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm wrap-anywhere">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {author.name}
          {author.badge && <Badge variant={review.isManual ? 'outline' : 'success'}>{author.badge}</Badge>}
          {own && <Badge variant="secondary">Your review</Badge>}
        </p>
        <time dateTime={review.createdAt} className="text-xs text-slate-600">
          {formatDate(review.createdAt)}
        </time>
      </div>
      <div className="mt-2">
        <StarRating average={review.rating} />
      </div>
      <h3 className="mt-2 font-semibold text-slate-900">{review.title}</h3>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{review.comment}</p>
      {review.isManual ? null : (
        <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
          <HelpfulButton slug={slug} reviewId={review.id} vote={vote} canVote={canVote && !own} />
          {canReport && !own ? <ReportReview reviewId={review.id} /> : null}
        </div>
      )}
    </li>
  );
}

/** Where the visitor's own review stands: shown, waiting for a check, or removed and why. */
function OwnReviewState({
  createdAt,
  status,
  reason,
}: {
  createdAt: string;
  status: 'published' | 'held' | 'hidden' | 'deleted';
  reason: string | null;
}) {
  if (status === 'held') {
    return (
      <p className="text-sm font-medium text-amber-800">
        Your review of {formatDate(createdAt)} is waiting for a check before it shows.
      </p>
    );
  }
  if (status === 'hidden' || status === 'deleted') {
    return (
      <p className="text-sm font-medium text-red-800">
        Your review was removed by our moderators
        {reason ? `: ${MODERATION_REASONS[reason as keyof typeof MODERATION_REASONS] ?? reason}` : ''}.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
      <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
      You reviewed this firm on {formatDate(createdAt)}
    </p>
  );
}

/** Report a review to the moderators: a reason from the list, once per review. */
function ReportReview({ reviewId }: { reviewId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: () => apiJson('POST', `/api/reviews/${reviewId}/report`, { reason }),
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Report sent', description: 'Thank you: our moderators will look at this review.' });
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  if (!open) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" /> Report
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Report this review">
      <div>
        <Label htmlFor={`report-${reviewId}`}>Why report it?</Label>
        <NativeSelect
          id={`report-${reviewId}`}
          className="mt-1 block h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
        >
          <option value="">Choose a reason</option>
          {Object.entries(REPORT_REASONS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" size="sm" disabled={!reason || report.isPending}>
        Send report
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}

/**
 * The reviews after the first page (the newest), a page at a time on request: `more` while the
 * firm has reviews not shown yet, `show` loads the next page.
 */
function useOlderReviews(slug: string, first: Review[] | undefined, total: number) {
  const [asked, setAsked] = useState(false);
  const after = first?.at(-1)?.id ?? 0;
  const query = useInfiniteQuery({ ...olderFirmReviewsQuery(slug, after), enabled: asked && after > 0 });
  const reviews = query.data?.pages.flat() ?? [];
  const shown = (first?.length ?? 0) + reviews.length;
  const lastPage = query.data?.pages.at(-1);
  const exhausted = lastPage !== undefined && lastPage.length === 0;
  return {
    reviews,
    more: first !== undefined && after > 0 && shown < total && !exhausted && !query.isError,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => query.refetch(),
    show: () => (asked ? query.fetchNextPage() : setAsked(true)),
  };
}

export function FirmReviews({ firm, user }: { firm: FirmDetails; user: CurrentUser | null | undefined }) {
  const reviews = useQuery(firmReviewsQuery(firm.slug));
  const rating = useQuery(firmRatingQuery(firm.slug));
  const own = useQuery({ ...ownFirmReviewQuery(firm.slug), enabled: Boolean(user) });
  const ownReview = own.data?.review ?? null;
  const votes = useQuery(helpfulVotesQuery(firm.slug));
  const voteOf = new Map((votes.data ?? []).map((v) => [v.reviewId, v]));
  const [open, setOpen] = useState(false);
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
            </div>
            {ownReview ? (
              <OwnReviewState
                createdAt={ownReview.createdAt}
                status={own.data?.status ?? 'published'}
                reason={own.data?.moderationReason ?? null}
              />
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
            {user && (
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
              />
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
      {user && <ReviewDialog firm={firm} user={user} open={open} onOpenChange={setOpen} />}
    </div>
  );
}
