import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { sendPageView } from '../lib/analytics';
import { noteInAppNavigation } from '../lib/in-app-navigation';

/**
 * Sends one page view per distinct path, 100 ms after the route changes (spec sections 3 and 7),
 * and notes moves after the document's first page (so Back buttons know they stay on the site).
 */
export function PageViewTracker() {
  const [pathname] = useLocation();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    if (lastPath.current !== null) noteInAppNavigation();
    lastPath.current = pathname;
    const timer = window.setTimeout(() => sendPageView(pathname), 100);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
