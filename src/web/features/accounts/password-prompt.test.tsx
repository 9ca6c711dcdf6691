import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { needsFreshSignIn, PasswordPrompt } from './password-prompt';

const apiError = (status: number, body: object) => new ApiError(status, `${status}: ${JSON.stringify(body)}`);
const stale = apiError(403, { code: 'fresh_sign_in_required', message: 'Enter your password.' });

describe('needsFreshSignIn', () => {
  it("is the server's 403 fresh_sign_in_required, also after hydration as plain JSON", () => {
    expect(needsFreshSignIn(stale)).toBe(true);
    expect(needsFreshSignIn(JSON.parse(JSON.stringify(stale)))).toBe(true);
  });

  it('is no other refusal', () => {
    expect(needsFreshSignIn(apiError(403, { code: 'forbidden', message: 'No.' }))).toBe(false);
    expect(needsFreshSignIn(apiError(400, { code: 'fresh_sign_in_required', message: 'x' }))).toBe(false);
    expect(needsFreshSignIn(new ApiError(403, '403: Forbidden'))).toBe(false);
    expect(needsFreshSignIn(null)).toBe(false);
  });
});

describe('PasswordPrompt', () => {
  const prompt = (error: unknown) =>
    renderToStaticMarkup(
      <PasswordPrompt
        id="pw"
        label="Confirm your password"
        error={error}
        pending={false}
        submitLabel="Confirm and download"
        onConfirm={() => {}}
        onCancel={() => {}}
      >
        Enter your password again to download your data.
      </PasswordPrompt>,
    );

  it('asks for the current password in a named form, saying why', () => {
    const html = prompt(null);
    expect(html).toContain('aria-label="Confirm your password"');
    expect(html).toContain('Enter your password again to download your data.');
    expect(html).toContain('autoComplete="current-password"');
    expect(html).toContain('>Confirm and download</button>');
    expect(html).not.toContain('role="alert"');
  });

  it("shows the last try's refusal, but not the request for the password that opened it", () => {
    expect(prompt(apiError(400, { code: 'invalid_password', message: 'Wrong password.' }))).toMatch(
      /role="alert"[^>]*>Wrong password\.</,
    );
    expect(prompt(stale)).not.toContain('role="alert"');
  });
});
