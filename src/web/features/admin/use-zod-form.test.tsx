import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SUSPENSION_REASONS, SuspensionPayloadSchema } from '../../../domain/admin-users';
import { ModerationPayloadSchema } from '../../../domain/moderation';
import { ApiError } from '../../lib/api';
import { ReasonFields } from './reason-fields';
import { serverErrors, validate } from './use-zod-form';

describe('validate: the server schema, its issues keyed as the form fields are', () => {
  it('passes the schema output on', () => {
    expect(validate(SuspensionPayloadSchema, { reason: 'spam', days: 7 })).toEqual({
      ok: true,
      data: { reason: 'spam', days: 7 },
    });
  });

  it("shows the server's own rule on its field: a note for Other", () => {
    expect(validate(SuspensionPayloadSchema, { reason: 'other', days: null }, 'suspend-u1')).toEqual({
      ok: false,
      errors: { 'suspend-u1.note': 'Say why in the note when the reason is Other.' },
    });
    expect(validate(ModerationPayloadSchema, { action: 'hide' }, 'moderate-3')).toEqual({
      ok: false,
      errors: { 'moderate-3.reason': 'Choose the reason' },
    });
  });
});

describe('serverErrors: a 4xx with field messages', () => {
  it('keys each message by its field, under the form prefix', () => {
    const error = new ApiError(
      400,
      '400: {"message":"Invalid input: note: Say why in the note when the reason is Other.; days: Too big","code":"validation_failed"}',
    );
    expect(serverErrors(error, 'suspend-u1')).toEqual({
      'suspend-u1.note': 'Say why in the note when the reason is Other.',
      'suspend-u1.days': 'Too big',
    });
  });

  it('has no field errors for an answer without them', () => {
    expect(serverErrors(new ApiError(500, '500: {"message":"Something went wrong"}'))).toEqual({});
  });
});

describe('ReasonFields', () => {
  const render = (reason: keyof typeof SUSPENSION_REASONS | '', errors = {}) =>
    renderToString(
      <ReasonFields
        form={{
          path: (key) => `suspend-u1.${key}`,
          values: { reason, note: '' },
          set: () => {},
          errors,
        }}
        reasons={SUSPENSION_REASONS}
        noteLabel="Note the user sees"
      />,
    ).replace(/<!-- -->/g, '');

  it('lists every reason after a blank choice; the note is optional unless the reason is Other', () => {
    const markup = render('spam');
    expect([...markup.matchAll(/<option /g)]).toHaveLength(Object.keys(SUSPENSION_REASONS).length + 1);
    expect(markup).toContain('Note the user sees (optional)');
    expect(render('other')).not.toContain('(optional)');
  });

  it('shows an error on its field, described by it', () => {
    const markup = render('other', { 'suspend-u1.note': 'Say why in the note when the reason is Other.' });
    expect(markup).toMatch(
      /<input[^>]*id="field-suspend-u1.note"[^>]*aria-invalid="true"[^>]*aria-describedby="field-suspend-u1.note-error"/,
    );
    expect(markup).toContain(
      '<p id="field-suspend-u1.note-error" class="mt-1 text-sm text-red-700">Say why in the note when the reason is Other.</p>',
    );
  });
});
