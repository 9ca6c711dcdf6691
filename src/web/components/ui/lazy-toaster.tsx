import { type ComponentType, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

/**
 * Mounts the Radix toast viewport (./toaster) without making it part of a page's first load: its
 * code loads once the browser is idle after hydration, or as soon as a toast is queued. The store
 * (use-toast.ts) is always present, so a toast fired earlier waits there and shows on mount.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => whenIdle(() => setIdle(true)), []);

  const wanted = idle || toasts.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new toast retries a failed load
  useEffect(() => {
    if (!wanted || Toaster) return;
    let current = true;
    import('./toaster').then(
      (m) => {
        if (current) setToaster(() => m.Toaster);
      },
      // Offline or a stale deploy: no crash; the next toast tries again.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, Toaster, toasts]);

  return Toaster ? <Toaster /> : null;
}

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 200);
  return () => window.clearTimeout(timer);
}
