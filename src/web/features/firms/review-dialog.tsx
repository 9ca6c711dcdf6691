import { type FormEvent, useState } from 'react';
import Star from '~icons/lucide/star';
import type { CurrentUser } from '../../../domain/accounts';
import { DEFAULT_REVIEW_RATING } from '../../../domain/firm-rules';
import {
  type FirmDetails,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  type Review,
} from '../../../domain/firms';
import { countOf } from '../../../domain/format';
import { Button } from '../../components/ui/button';
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
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { checkReviewDraft } from './review-draft';
import { useSaveReview } from './review-hooks';

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

/**
 * Writes a review of the firm, or with `review` (the user's own) edits it: the fields start from it
 * and saving replaces it (PUT). The fields keep what was typed while the dialog is closed; give it a
 * `key` that changes with the review to start again from a newer version.
 */
export function ReviewDialog({
  firm,
  user,
  review = null,
  open,
  onOpenChange,
}: {
  firm: FirmDetails;
  user: CurrentUser | null | undefined;
  review?: Review | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [rating, setRating] = useState(review?.rating ?? DEFAULT_REVIEW_RATING);
  const [title, setTitle] = useState(review?.title ?? '');
  const [comment, setComment] = useState(review?.comment ?? '');
  const mutation = useSaveReview(firm, review?.id ?? null, () => {
    if (!review) {
      setRating(DEFAULT_REVIEW_RATING);
      setTitle('');
      setComment('');
    }
    onOpenChange(false);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkReviewDraft(user, { title, comment });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    mutation.mutate({ rating, title, comment });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {review ? `Edit your review of ${firm.name}` : `Write a Review for ${firm.name}`}
          </DialogTitle>
          <DialogDescription>
            {review
              ? 'Change your rating or your words: the review keeps its date and shows when it was edited.'
              : 'Share your honest experience to help other traders.'}
          </DialogDescription>
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
              {mutation.isPending
                ? review
                  ? 'Saving...'
                  : 'Submitting...'
                : review
                  ? 'Save changes'
                  : 'Submit Review'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
