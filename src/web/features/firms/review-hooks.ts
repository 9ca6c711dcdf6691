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

export function usePostReview(firm: FirmDetails, onPosted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, title, comment }: ReviewDraft) =>
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
      onPosted();
    },
    onError: (error) => {
      toast({ ...reviewErrorToast(error), variant: 'destructive' });
      // Reviewed already (in another tab, say): show it as reviewed instead of offering the dialog.
      if (errorStatus(error) === 400) {
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
