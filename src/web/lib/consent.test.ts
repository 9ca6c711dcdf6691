import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY, readConsent, saveConsent } from './consent';

/** A minimal window: an in-memory localStorage and an event target, as the browser provides. */
function makeWindow() {
  const store = new Map<string, string>();
  const target = new EventTarget();
  return {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, String(value)),
      removeItem: (key: string) => void store.delete(key),
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    store,
  };
}

let win: ReturnType<typeof makeWindow>;

beforeEach(() => {
  win = makeWindow();
  vi.stubGlobal('window', win);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('cookie consent', () => {
  it('is absent on a first visit', () => {
    expect(readConsent()).toBeNull();
  });

  it('stores {essential, analytics, marketing, timestamp} under cookie-consent', () => {
    vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05Z') });
    saveConsent({ analytics: true, marketing: false });
    expect(JSON.parse(win.store.get(CONSENT_KEY)!)).toEqual({
      essential: true,
      analytics: true,
      marketing: false,
      timestamp: Date.parse('2026-01-02T03:04:05Z'),
    });
    expect(CONSENT_KEY).toBe('cookie-consent');
  });

  it('reads back what was saved', () => {
    const saved = saveConsent({ analytics: false, marketing: true });
    expect(readConsent()).toEqual(saved);
  });

  it('announces the change with a consentchange event', () => {
    const seen: unknown[] = [];
    win.addEventListener('consentchange', (e) => seen.push((e as CustomEvent).detail));
    const saved = saveConsent({ analytics: false, marketing: false });
    expect(seen).toEqual([saved]);
  });

  it('ignores a malformed or foreign record', () => {
    win.store.set(CONSENT_KEY, 'not json');
    expect(readConsent()).toBeNull();
    win.store.set(CONSENT_KEY, JSON.stringify({ analytics: true }));
    expect(readConsent()).toBeNull();
    win.store.set(
      CONSENT_KEY,
      JSON.stringify({ essential: false, analytics: true, marketing: true, timestamp: 1 }),
    );
    expect(readConsent()).toBeNull();
  });
});
