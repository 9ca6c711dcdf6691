import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../domain/accounts';
import { ApiError } from '../../lib/api';
import { checkReviewDraft, reviewErrorToast } from './review-draft';

const user: CurrentUser = {
  id: 'u1',
  email: 'a@b.c',
  firstName: 'Ann',
  username: 'ann',
  isAdmin: false,
  points: 0,
  emailVerified: true,
  twoFactorEnabled: false,
  representativeOf: [],
  isAuthenticated: true,
};

describe('checkReviewDraft (spec section 5)', () => {
  const draft = { title: 'Fine firm', comment: 'Paid out twice without any trouble.' };
  it('asks for a log-in, then a verified email, then both texts', () => {
    expect(checkReviewDraft(null, draft)?.title).toBe('Authentication required');
    expect(checkReviewDraft({ ...user, emailVerified: false }, draft)).toEqual({
      title: 'Email verification required',
      description:
        'Please verify your email address before posting reviews. Check your inbox for the verification email.',
    });
    expect(checkReviewDraft(user, { title: '  ', comment: 'x' })).toEqual({
      title: 'Missing information',
      description: 'Please provide both a title and comment for your review.',
    });
    expect(checkReviewDraft(user, draft)).toBeNull();
  });

  it('names the length the server demands instead of letting it answer a bare "Invalid request"', () => {
    const short = {
      title: 'Review too short',
      description: 'Please write a title of at least 3 characters and a review of at least 20 characters.',
    };
    expect(checkReviewDraft(user, { ...draft, title: ' ok ' })).toEqual(short);
    expect(checkReviewDraft(user, { ...draft, comment: '  Paid out, all good.  ' })).toEqual(short);
    // Exactly at the bounds, trimmed, is enough.
    expect(checkReviewDraft(user, { title: ' Top ', comment: ' Paid out twice, fast ' })).toBeNull();
  });
});

describe('reviewErrorToast (spec section 8)', () => {
  it('maps the review-specific failures, then the generic ones', () => {
    expect(
      reviewErrorToast(new ApiError(400, '400: {"message":"You have already reviewed this firm"}')).title,
    ).toBe('Review Already Submitted');
    expect(reviewErrorToast(new ApiError(403, '403: {"message":"Email verification required"}')).title).toBe(
      'Email Verification Required',
    );
    expect(
      reviewErrorToast(new ApiError(400, '400: {"message":"Title must be 3 to 120 characters"}')).title,
    ).toBe('Invalid Request');
    expect(reviewErrorToast(new ApiError(429, '429: slow down')).title).toBe('Rate Limited');
  });

  it('tells the author why an edit was refused once the moderators removed the review', () => {
    const message = 'This review was hidden by our moderators, so it can no longer be edited.';
    expect(reviewErrorToast(new ApiError(409, `409: {"message":"${message}"}`))).toEqual({
      title: 'Review Can No Longer Be Edited',
      description: message,
    });
  });
});
