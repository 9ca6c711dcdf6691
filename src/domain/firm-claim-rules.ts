/**
 * Claiming a firm's profile: the rules without zod (the contracts are in firm-claims.ts). A claimant
 * proves they work at the firm with an address at the firm's own domain, the domain of its
 * `website` or a subdomain of it, and a code sent there.
 */

export const FIRM_CLAIM_STATUSES = ['unconfirmed', 'confirmed', 'approved', 'rejected'] as const;
export type FirmClaimStatus = (typeof FIRM_CLAIM_STATUSES)[number];

/** The emailed code: six digits, valid 15 minutes, five tries; then the claim is spent. */
export const CLAIM_CODE_DIGITS = 6;
export const CLAIM_CODE_MINUTES = 15;
export const CLAIM_CODE_TRIES = 5;

export const CLAIM_JOB_TITLE_MAX = 100;
export const CLAIM_NOTE_MIN = 10;
export const CLAIM_NOTE_MAX = 1000;

/** Where a claim stands for its claimant: `spent` is an unconfirmed claim past its code's time or tries. */
export type FirmClaimState = 'awaiting_code' | 'spent' | 'confirmed' | 'approved' | 'rejected';

export function firmClaimState(
  claim: { status: FirmClaimStatus; codeTries: number; codeExpiresAt: Date | string },
  now = new Date(),
): FirmClaimState {
  if (claim.status !== 'unconfirmed') return claim.status;
  const expires = new Date(claim.codeExpiresAt).getTime();
  return claim.codeTries >= CLAIM_CODE_TRIES || expires <= now.getTime() ? 'spent' : 'awaiting_code';
}

/** Webmail anyone can sign up for: never proof of working somewhere. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
]);

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}[a-z0-9]$/;

/**
 * The domain a firm's work addresses must be at: the host of its website without `www.`, in lower
 * case; null when the website is missing or its host is not a domain name (an IP address, a
 * single word).
 */
export function firmEmailDomain(website: string | null | undefined): string | null {
  const text = website?.trim();
  if (!text) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return null;
  }
  host = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return HOST.test(host) ? host : null;
}

/** The part of an address after its last @, in lower case and without a final dot. */
export const emailDomainOf = (email: string): string =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');

export type WorkEmailCheck =
  | { ok: true }
  | { ok: false; reason: 'free_mail' | 'other_domain'; message: string };

/**
 * Whether `email` is at the firm's domain or one of its subdomains (`ops.northbridge.com` for
 * `northbridge.com`); a refusal names the domain expected.
 */
export function checkWorkEmail(email: string, firmDomain: string): WorkEmailCheck {
  const domain = emailDomainOf(email);
  if (domain === firmDomain || domain.endsWith(`.${firmDomain}`)) return { ok: true };
  const expected = `Use an address at ${firmDomain}.`;
  if (FREE_MAIL_DOMAINS.has(domain)) {
    return {
      ok: false,
      reason: 'free_mail',
      message: `${domain} is a free email service and does not show that you work at the firm. ${expected}`,
    };
  }
  return { ok: false, reason: 'other_domain', message: expected };
}
