import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { toastForError } from './error-toast';

const apiError = (status: number, body = 'x') => new ApiError(status, `${status}: ${body}`);

describe('toastForError (spec section 8, generic mapping by status)', () => {
  it.each([
    [400, 'Invalid Request', 'Invalid request. Please check your input and try again.'],
    [401, 'Authentication Required', 'You need to be logged in to access this feature.'],
    [403, 'Access Denied', "You don't have permission to access this resource."],
    [404, 'Not Found', 'The requested resource was not found.'],
    [409, 'Conflict', 'There was a conflict with the current state. Please refresh and try again.'],
    [429, 'Rate Limited', 'Too many requests. Please wait a moment and try again.'],
  ])('maps %i to the quoted title and message', (status, title, description) => {
    expect(toastForError(apiError(status))).toEqual({ title, description });
  });

  it.each([
    [413, 'File Too Large'],
    [415, 'Unsupported File Type'],
    [500, 'Server Error'],
    [503, 'Service Unavailable'],
  ])('maps %i to the title %s with a non-empty message', (status, title) => {
    const result = toastForError(apiError(status));
    expect(result.title).toBe(title);
    expect(result.description?.length).toBeGreaterThan(10);
  });

  it('tells a 400 about a too large file apart', () => {
    expect(toastForError(apiError(400, '{"message":"File too large: at most 5MB"}'))).toEqual({
      title: 'Invalid Request',
      description: 'File is too large. Please select a file smaller than 5MB.',
    });
  });

  it('tells a 400 about an invalid file type apart', () => {
    expect(toastForError(apiError(400, '{"message":"Invalid file type"}'))).toEqual({
      title: 'Invalid Request',
      description: 'Invalid file type. Please select an image file (JPG, PNG, etc.).',
    });
  });

  it('maps any other status to Error with the error message', () => {
    expect(toastForError(apiError(418, "I'm a teapot"))).toEqual({
      title: 'Error',
      description: "418: I'm a teapot",
    });
    expect(toastForError(new Error('Network down'))).toEqual({ title: 'Error', description: 'Network down' });
  });

  it('reads the status of an error that came through hydration as plain JSON', () => {
    const hydrated = JSON.parse(JSON.stringify(apiError(404)));
    expect(toastForError(hydrated).title).toBe('Not Found');
  });
});
