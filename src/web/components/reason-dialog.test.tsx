import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../domain/accounts';
import { DialogField } from './reason-dialog';

const attribute = (html: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(html)?.[1];
const field = (kind: 'reason' | 'password', error?: string) =>
  renderToStaticMarkup(
    <DialogField id="f" kind={kind} label="Label" value="typed" error={error} onChange={() => {}} />,
  );

describe("ReasonDialog's field", () => {
  it('asks for a reason in a labelled text area of at most 500 characters', () => {
    const html = field('reason');
    expect(html).toContain('<textarea');
    expect(attribute(html, 'for')).toBe('f');
    expect(attribute(html, 'maxLength')).toBe('500');
    expect(html).not.toContain('type="password"');
  });

  it("asks for the password in a password input the browser fills with the account's password", () => {
    const html = field('password');
    expect(html).not.toContain('<textarea');
    expect(attribute(html, 'type')).toBe('password');
    expect(attribute(html, 'autoComplete')).toBe('current-password');
    expect(attribute(html, 'maxLength')).toBe(String(PASSWORD_MAX));
    expect(attribute(html, 'aria-invalid')).toBeUndefined();
  });

  it('marks the field invalid and describes it by its error', () => {
    for (const kind of ['reason', 'password'] as const) {
      const html = field(kind, 'Enter your password.');
      expect(attribute(html, 'aria-invalid')).toBe('true');
      expect(attribute(html, 'aria-describedby')).toBe('f-error');
      expect(html).toMatch(/id="f-error"[^>]*>Enter your password\.</);
    }
  });
});
