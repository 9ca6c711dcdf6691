import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedReply } from '../../../domain/replies';
import type { ReplyTarget } from '../../../domain/reply-rules';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { firmPayoutReportsFilter, firmReviewAnswersFilter, withheldRepliesQuery } from './queries';

/** What a reply is written to: a review or a denied payout report of the firm. */
export interface ReplyTo {
  firm: { slug: string; name: string };
  target: ReplyTarget;
  id: number;
}

const pathOf = ({ target, id }: ReplyTo) =>
  `/api/${target === 'review' ? 'reviews' : 'payout-reports'}/${id}/reply`;

/** The answers a reply shows in: the firm's reviews (and rating) or its payout reports, and the held ones. */
function useRefreshReplies(to: ReplyTo) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(
        to.target === 'review'
          ? firmReviewAnswersFilter(to.firm.slug)
          : firmPayoutReportsFilter(to.firm.slug),
      ),
      queryClient.invalidateQueries({ queryKey: withheldRepliesQuery(to.firm.slug).queryKey }),
    ]);
}

/** A refusal the server words for this case (403, 409, a bad text) is shown as it says. */
const errorToast = (error: unknown) => {
  const status = errorStatus(error);
  const message = serverMessage(error);
  return status && [400, 403, 409].includes(status) && message
    ? { title: 'The reply was not saved', description: message }
    : toastForError(error);
};

/** Writes or edits the firm's reply. */
export function useSaveReply(to: ReplyTo, onSaved: () => void) {
  const refresh = useRefreshReplies(to);
  return useMutation({
    mutationFn: (body: string) => apiJson<SavedReply>('PUT', pathOf(to), { body }),
    onSuccess: async (saved) => {
      await refresh();
      toast(
        saved.status === 'held'
          ? {
              title: 'Reply received',
              description:
                'It will show once our moderators have checked it (replies with links or copied text wait for a look).',
            }
          : {
              title: 'Reply published',
              description: `It shows as ${to.firm.name}'s response.`,
              variant: 'success',
            },
      );
      onSaved();
    },
    onError: (error) => toast({ ...errorToast(error), variant: 'destructive' }),
  });
}

/** Deletes the firm's reply. */
export function useDeleteReply(to: ReplyTo) {
  const refresh = useRefreshReplies(to);
  return useMutation({
    mutationFn: () => apiJson<null>('DELETE', pathOf(to)),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Reply deleted' });
    },
    onError: (error) => toast({ ...errorToast(error), variant: 'destructive' }),
  });
}
