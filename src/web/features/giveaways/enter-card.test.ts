import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { enterErrorToast } from './enter-card';

const err = (status: number, body: unknown) => new ApiError(status, `${status}: ${JSON.stringify(body)}`);

describe('enterErrorToast (spec section 8)', () => {
  it('logs a signed-out entrant in again', () => {
    expect(enterErrorToast(err(401, { message: 'Authentication required' }))).toEqual({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      logIn: true,
    });
  });

  it('asks for email verification', () => {
    expect(enterErrorToast(err(403, { message: 'Email verification required: please verify' })).title).toBe(
      'Email Verification Required',
    );
  });

  it("shows the server's message, or the fallback", () => {
    expect(enterErrorToast(err(400, { message: 'This giveaway has ended.' }))).toEqual({
      title: 'Failed to Enter',
      description: 'This giveaway has ended.',
    });
    expect(enterErrorToast(new Error('')).description).toBe('Unable to enter giveaway. Please try again.');
  });
});
