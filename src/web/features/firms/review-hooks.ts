import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FirmDetails, Review } from '../../../domain/firms';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorStatus } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { helpfulVotesQuery } from './helpful-votes';
import {
  firmListsFilter,
  firmRatingQuery,
  firmReviewsQuery,
  olderFirmReviewsQuery,
  ownFirmReviewQuery,
} from './queries';
import { reviewErrorToast } from './review-draft';

interface ReviewDraft {
  rating: number;
  title: string;
  comment: string;
}

type SavedReview = Review & { status: 'published' | 'held' | 'hidden' | 'deleted' };

/** The toast after a save: held ones wait for a check (spec section 5's rules hold some). */
function savedToast(firm: FirmDetails, saved: SavedReview, edited: boolean) {
  if (saved.status === 'held') {
    return {
      title: edited ? 'Changes received' : 'Review received',
      description:
        'It will show once our team has checked it (our review rules hold some reviews for a look).',
    };
  }
  return edited
    ? {
        title: 'Review updated',
        description: 'Your changes are on the firm page.',
        variant: 'success' as const,
      }
    : {
        title: 'Review Submitted',
        description: `Thank you for reviewing ${firm.name}.`,
        variant: 'success' as const,
      };
}

/** Posts a new review of the firm, or with `reviewId` saves the author's edit of it (PUT). */
export function useSaveReview(firm: FirmDetails, reviewId: number | null, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, title, comment }: ReviewDraft) => {
      const body = { propFirmId: firm.id, rating, title: title.trim(), comment: comment.trim() };
      return reviewId === null
        ? apiJson<SavedReview>('POST', `/api/firms/${firm.id}/reviews`, body)
        : apiJson<SavedReview>('PUT', `/api/reviews/${reviewId}`, body);
    },
    onSuccess: async (saved) => {
      await Promise.all([
        // The first page and the older ones (their keys begin with the first page's).
        queryClient.invalidateQueries({ queryKey: firmReviewsQuery(firm.slug).queryKey }),
        queryClient.invalidateQueries({ queryKey: firmRatingQuery(firm.slug).queryKey }),
        queryClient.invalidateQueries({ queryKey: ownFirmReviewQuery(firm.slug).queryKey }),
        queryClient.invalidateQueries(firmListsFilter),
      ]);
      toast(savedToast(firm, saved, reviewId !== null));
      onSaved();
    },
    onError: (error) => {
      toast({ ...reviewErrorToast(error), variant: 'destructive' });
      // Reviewed already (in another tab, say), or removed by a moderator meanwhile: show where it stands.
      if ([400, 403, 409].includes(errorStatus(error) ?? 0)) {
        void queryClient.invalidateQueries({ queryKey: ownFirmReviewQuery(firm.slug).queryKey });
      }
    },
  });
}

export function useHelpfulVote(slug: string, reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ helpfulCount: number }>('POST', `/api/reviews/${reviewId}/helpful`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpfulVotesQuery(slug).queryKey }),
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
}

export function useReportReview(reviewId: number, onSent: () => void) {
  return useMutation({
    mutationFn: (reason: string) => apiJson('POST', `/api/reviews/${reviewId}/report`, { reason }),
    onSuccess: () => {
      onSent();
      toast({ title: 'Report sent', description: 'Thank you: our moderators will look at this review.' });
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
}

/**
 * The reviews after the first page (the newest), a page at a time on request: `more` while the
 * firm has reviews not shown yet, `show` loads the next page.
 */
export function useOlderReviews(slug: string, first: Review[] | undefined, total: number) {
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
