import { type FormEvent, type ReactNode, useState } from 'react';
import Flag from '~icons/lucide/flag';
import ThumbsUp from '~icons/lucide/thumbs-up';
import { describeReviewAuthor } from '../../../domain/firm-rules';
import type { Review } from '../../../domain/firms';
import { countOf, formatDate } from '../../../domain/format';
import { REPORT_REASONS } from '../../../domain/moderation-rules';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { StarRating } from './firm-bits';
import type { HelpfulVote } from './helpful-votes';
import { useHelpfulVote, useReportReview } from './review-hooks';

/** 'Was this helpful?': verified members vote on other members' reviews (counted in the weekly awards). */
function HelpfulButton({
  slug,
  review,
  vote,
  canVote,
}: {
  slug: string;
  review: Review;
  /** The member's own vote and the count as it stands since (signed in only). */
  vote?: HelpfulVote;
  canVote: boolean;
}) {
  const mutation = useHelpfulVote(slug, review.id);
  const count = vote?.helpfulCount ?? review.helpfulCount;
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

export function ReviewCard({
  review,
  own,
  slug,
  vote,
  canVote,
  canReport,
  children,
}: {
  review: Review;
  own: boolean;
  slug: string;
  vote?: HelpfulVote;
  canVote: boolean;
  canReport: boolean;
  /** Below the review: the firm's reply. */
  children?: ReactNode;
}) {
  const author = describeReviewAuthor(review);
  return (
    // wrap-anywhere: a visitor's long unbroken word wraps inside the card instead of widening the page.
    <li
      id={`review-${review.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm wrap-anywhere"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {author.name}
          {author.badge && <Badge variant={review.isManual ? 'outline' : 'success'}>{author.badge}</Badge>}
          {own && <Badge variant="secondary">Your review</Badge>}
        </p>
        <p className="text-xs text-slate-600">
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          {review.editedAt ? (
            <>
              {' · '}Edited <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time>
            </>
          ) : null}
        </p>
      </div>
      <div className="mt-2">
        <StarRating average={review.rating} />
      </div>
      <h3 className="mt-2 font-semibold text-slate-900">{review.title}</h3>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{review.comment}</p>
      {review.isManual ? null : (
        <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
          <HelpfulButton slug={slug} review={review} vote={vote} canVote={canVote && !own} />
          {canReport && !own ? <ReportReview reviewId={review.id} /> : null}
        </div>
      )}
      {children}
    </li>
  );
}

/** Report a review to the moderators: a reason from the list, once per review. */
function ReportReview({ reviewId }: { reviewId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportReview(reviewId, () => setOpen(false));
  if (!open) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" /> Report
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(reason);
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
