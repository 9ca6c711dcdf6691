export const CONSENT_KEY = 'cookie-consent';

/** The cookie consent record of spec section 3, kept in localStorage with no expiry. */
export interface Consent {
  essential: true;
  analytics: boolean;
  marketing: boolean;
  timestamp: number;
}

// Checked by hand rather than with zod: this module is in every page's first load.
function isConsent(value: unknown): value is Consent {
  const v = value as Partial<Consent> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.essential === true &&
    typeof v.analytics === 'boolean' &&
    typeof v.marketing === 'boolean' &&
    typeof v.timestamp === 'number'
  );
}

export function readConsent(): Consent | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isConsent(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveConsent(choice: { analytics: boolean; marketing: boolean }): Consent {
  const consent: Consent = { essential: true, ...choice, timestamp: Date.now() };
  try {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // storage unavailable (private mode): the choice holds for this page only
  }
  window.dispatchEvent(new CustomEvent('consentchange', { detail: consent }));
  return consent;
}
