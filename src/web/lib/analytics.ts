import type { PageView } from '../../domain/analytics';
import { readConsent } from './consent';

const SESSION_KEY = 'pfc-session-id';
const pageStart = typeof performance !== 'undefined' ? performance.now() : 0;

/** A random id kept for this browser session (sessionStorage), created on first use. */
export function getSessionId(): string {
  try {
    let id = window.sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

export function detectDevice(userAgent: string, width: number): PageView['device'] {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent) || width < 640) return 'mobile';
  return 'desktop';
}

/** Order matters: Edge and Opera also say Chrome, Chrome also says Safari. */
export function detectBrowser(userAgent: string): PageView['browser'] {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Unknown';
}

export function utmValues(search: string): Partial<PageView> {
  const params = new URLSearchParams(search);
  const pick = (name: string) => params.get(name)?.slice(0, 200) || undefined;
  return {
    utmSource: pick('utm_source'),
    utmMedium: pick('utm_medium'),
    utmCampaign: pick('utm_campaign'),
    utmTerm: pick('utm_term'),
    utmContent: pick('utm_content'),
  };
}

function post(url: string, body: unknown): void {
  fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {
    // analytics failures are silent (spec section 8)
  });
}

/** Records a page view, only when the visitor has allowed analytics cookies. */
export function sendPageView(path: string): void {
  if (!readConsent()?.analytics) return;
  const view: PageView = {
    path,
    title: document.title.slice(0, 300),
    sessionId: getSessionId(),
    device: detectDevice(navigator.userAgent, window.innerWidth),
    browser: detectBrowser(navigator.userAgent),
    loadTime: Math.round(performance.now() - pageStart),
    ...utmValues(window.location.search),
  };
  post('/api/analytics/pageview', view);
}

/**
 * An outbound path with `?sid=<session id>` when there is one, without any `sid` otherwise.
 * The server records it with the click and never builds the redirect from it.
 */
export function addSessionId(path: string, sessionId: string | null): string {
  const url = new URL(path, 'http://local');
  if (sessionId) url.searchParams.set('sid', sessionId);
  else url.searchParams.delete('sid');
  return url.pathname + url.search;
}

/** An outbound path carrying this browser session's id, only with analytics consent (decision 0003). */
export const withSessionId = (path: string) =>
  addSessionId(path, readConsent()?.analytics ? getSessionId() : null);

function tagOutboundLink(event: { currentTarget: HTMLAnchorElement }) {
  const link = event.currentTarget;
  link.setAttribute('href', withSessionId(link.getAttribute('href') ?? ''));
}

/**
 * Spread on an outbound `<a>`: the server renders the plain path (it knows no browser session),
 * and the session id joins it the moment the link is followed, by click, middle click or the
 * context menu, so the server HTML and the hydrated page agree.
 */
export const outboundLinkProps = {
  onClick: tagOutboundLink,
  onAuxClick: tagOutboundLink,
  onContextMenu: tagOutboundLink,
} as const;

/** Records an activity (clicks, searches). Only with analytics consent; failures are silent. */
export function sendActivity(url: string, body: Record<string, unknown>): void {
  if (!readConsent()?.analytics) return;
  post(url, body);
}
