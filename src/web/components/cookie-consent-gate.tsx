import { lazy, Suspense, useEffect, useState } from 'react';
import { readConsent } from '../lib/consent';

// The banner's code (switches, customize view) loads only for visitors who have not chosen yet.
const CookieBanner = lazy(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));

export function CookieConsentGate() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (!readConsent()) setNeeded(true);
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  ) : null;
}
