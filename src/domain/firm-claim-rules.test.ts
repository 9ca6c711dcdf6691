import { describe, expect, it } from 'vitest';
import { checkWorkEmail, emailDomainOf, firmClaimState, firmEmailDomain } from './firm-claim-rules';

describe('firmEmailDomain', () => {
  it("is the website's host without www., in lower case", () => {
    expect(firmEmailDomain('https://www.Northbridge.com/about?ref=1')).toBe('northbridge.com');
    expect(firmEmailDomain('http://northbridge.com:8080')).toBe('northbridge.com');
    expect(firmEmailDomain('northbridge.co.uk')).toBe('northbridge.co.uk');
    expect(firmEmailDomain('  www.desk.example.  ')).toBe('desk.example');
    expect(firmEmailDomain('https://app.northbridge.com')).toBe('app.northbridge.com');
  });

  it('is null without a website or for a host that is not a domain name', () => {
    expect(firmEmailDomain(null)).toBeNull();
    expect(firmEmailDomain('')).toBeNull();
    expect(firmEmailDomain('https://192.168.0.1/')).toBeNull();
    expect(firmEmailDomain('http://localhost:3000')).toBeNull();
    expect(firmEmailDomain('not a url at all')).toBeNull();
  });
});

describe('checkWorkEmail', () => {
  it('takes the domain itself and its subdomains, in any case', () => {
    expect(checkWorkEmail('eleanor@northbridge.com', 'northbridge.com')).toEqual({ ok: true });
    expect(checkWorkEmail('Ops@EU.Northbridge.com', 'northbridge.com')).toEqual({ ok: true });
  });

  it('refuses other domains, look-alikes included, naming the domain expected', () => {
    for (const email of [
      'eleanor@harborline.com',
      'eleanor@fakenorthbridge.com',
      'eleanor@northbridge.com.evil.test',
      'eleanor@northbridge.co',
    ]) {
      expect(checkWorkEmail(email, 'northbridge.com'), email).toEqual({
        ok: false,
        reason: 'other_domain',
        message: 'Use an address at northbridge.com.',
      });
    }
  });

  it('says that free mail proves nothing, and still names the domain', () => {
    const check = checkWorkEmail('eleanor.northbridge@gmail.com', 'northbridge.com');
    expect(check).toEqual({
      ok: false,
      reason: 'free_mail',
      message:
        'gmail.com is a free email service and does not show that you work at the firm. Use an address at northbridge.com.',
    });
  });

  it('reads the domain after the last @', () => {
    expect(emailDomainOf('"a@b"@Desk.Example.')).toBe('desk.example');
  });
});

describe('firmClaimState', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const later = new Date('2026-06-01T12:10:00Z');
  it('spends an unconfirmed claim at five tries or once its code expired', () => {
    expect(firmClaimState({ status: 'unconfirmed', codeTries: 4, codeExpiresAt: later }, now)).toBe(
      'awaiting_code',
    );
    expect(firmClaimState({ status: 'unconfirmed', codeTries: 5, codeExpiresAt: later }, now)).toBe('spent');
    expect(firmClaimState({ status: 'unconfirmed', codeTries: 0, codeExpiresAt: now }, now)).toBe('spent');
    expect(firmClaimState({ status: 'approved', codeTries: 5, codeExpiresAt: now }, now)).toBe('approved');
  });
});
