import type { CurrentUser } from '../../../domain/accounts';
import { REVIEW_COMMENT_MIN, REVIEW_TITLE_MIN } from '../../../domain/firms';
import { errorMessage, errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';

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
  // An edit of a review the moderators removed meanwhile: the server says why.
  if (status === 409 && message.includes('moderators')) {
    return { title: 'Review Can No Longer Be Edited', description: serverMessage(error) };
  }
  return toastForError(error);
}
