import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { sendPageView } from '../lib/analytics';

/** Sends one page view per distinct path, 100 ms after the route changes (spec sections 3 and 7). */
export function PageViewTracker() {
  const [pathname] = useLocation();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const timer = window.setTimeout(() => sendPageView(pathname), 100);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
