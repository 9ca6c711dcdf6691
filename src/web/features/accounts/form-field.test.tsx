import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/accounts';
import { PasswordField } from './form-field';

/** What a screen reader reads after the input's label: the text of each id in aria-describedby. */
function description(html: string): string[] {
  const ids = /aria-describedby="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
  return ids.map((id) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? `(no element #${id})`);
}

const attribute = (html: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(html)?.[1];

describe('PasswordField', () => {
  it('labels a new password and states the minimum length under it', () => {
    const html = renderToStaticMarkup(<PasswordField id="pw" label="New password" purpose="new" required />);
    expect(attribute(html, 'for')).toBe('pw');
    expect(attribute(html, 'type')).toBe('password');
    expect(attribute(html, 'autoComplete')).toBe('new-password');
    expect(attribute(html, 'maxLength')).toBe(String(PASSWORD_MAX));
    expect(attribute(html, 'aria-invalid')).toBeUndefined();
    expect(description(html)).toEqual([`At least ${PASSWORD_MIN} characters.`]);
    // The strength advice, typed for, is read out from a region that is there from the start.
    expect(html).toMatch(/<div id="pw-advice" aria-live="polite"[^>]*><\/div>/);
  });

  it('marks the input invalid and describes it by the error alone, the hint being hidden', () => {
    const html = renderToStaticMarkup(
      <PasswordField id="pw" label="New password" purpose="new" error="Use at least 8 characters." />,
    );
    expect(attribute(html, 'aria-invalid')).toBe('true');
    expect(description(html)).toEqual(['Use at least 8 characters.']);
  });

  it('gives the current password and the repeated new password no hint and no advice', () => {
    const current = renderToStaticMarkup(<PasswordField id="cur" label="Password" purpose="current" />);
    expect(attribute(current, 'autoComplete')).toBe('current-password');
    expect(description(current)).toEqual([]);
    const repeat = renderToStaticMarkup(
      <PasswordField id="rep" label="Repeat new password" purpose="repeat" />,
    );
    expect(attribute(repeat, 'autoComplete')).toBe('new-password');
    expect(description(repeat)).toEqual([]);
    for (const html of [current, repeat]) expect(html).not.toContain('aria-live');
  });
});
