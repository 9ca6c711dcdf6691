import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, WEAK_PASSWORD_MESSAGE, weakPasswordMessage } from './password-strength';

const owner = { email: 'robin.hale@example.com', username: 'robin_trades', firstName: 'Robin' };

describe('checkPasswordStrength', () => {
  it.each(['password1', 'Summer2026!', 'secret123'])('refuses the guessable %s, with advice', (password) => {
    const strength = checkPasswordStrength(password);
    expect(strength.strong).toBe(false);
    expect(strength.advice.length).toBeGreaterThan(0);
  });

  it('names a common password as such', () => {
    expect(checkPasswordStrength('password1').advice[0]).toBe('This is a commonly used password.');
  });

  it('accepts a passphrase of uncommon words, with nothing to advise', () => {
    expect(checkPasswordStrength('kettle orbit velvet lantern', owner)).toEqual({ strong: true, advice: [] });
  });

  it.each([
    ['the email address', 'robin.hale@example.com'],
    ['the email address without its punctuation', 'RobinHale1990'],
    ['the username with a year', 'robin_trades2026'],
    ['the name of the site', 'PropFirmClub2026'],
  ])('refuses %s', (_, password) => {
    const strength = checkPasswordStrength(password, owner);
    expect(strength.strong).toBe(false);
    expect(strength.advice).toContain('There should not be any personal or page related data.');
  });

  it.each(['robin.hale@example.com', 'RobinHale1990', 'robin_trades2026'])(
    'finds %s strong enough for someone else',
    (password) => expect(checkPasswordStrength(password, {}).strong).toBe(true),
  );

  it('refuses a long password whose first 64 characters are guessable', () => {
    expect(checkPasswordStrength(`${'a'.repeat(64)}Xq7#vLp2!mRz`).strong).toBe(false);
  });
});

describe('weakPasswordMessage', () => {
  it('says why, then how to do better', () => {
    const message = weakPasswordMessage(checkPasswordStrength('password1'));
    expect(message).toBe(
      `${WEAK_PASSWORD_MESSAGE} This is a commonly used password. Add more words that are less common.`,
    );
  });
});
