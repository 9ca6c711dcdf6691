import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { Head } from '../../domain/render';

/** Collects what the rendered page says about the response: its head and HTTP status. */
export interface PageCollector {
  head?: Head;
  status: number;
}

const PageContext = createContext<PageCollector | null>(null);

export function PageContextProvider({
  collector,
  children,
}: {
  collector: PageCollector | null;
  children: ReactNode;
}) {
  return <PageContext.Provider value={collector}>{children}</PageContext.Provider>;
}

function setMeta(selector: string, attr: 'content' | 'href', value: string) {
  const el = document.head.querySelector(selector);
  if (el) el.setAttribute(attr, value);
}

/**
 * Declares the page's title, description, canonical URL and structured data. Only the server's
 * document carries structured data, so pages build it under `import.meta.env.SSR` and the browser
 * build leaves its code out.
 */
export function PageHead(head: Head) {
  const collector = useContext(PageContext);
  if (collector) collector.head = head;
  useEffect(() => {
    document.title = head.title;
    setMeta('meta[name="description"]', 'content', head.description);
    setMeta('meta[property="og:title"]', 'content', head.title);
    setMeta('meta[property="og:description"]', 'content', head.description);
    setMeta('meta[name="twitter:title"]', 'content', head.title);
    setMeta('meta[name="twitter:description"]', 'content', head.description);
    const canonical = new URL(head.canonicalPath, window.location.origin).toString();
    setMeta('link[rel="canonical"]', 'href', canonical);
    setMeta('meta[property="og:url"]', 'content', canonical);
  }, [head.title, head.description, head.canonicalPath]);
  return null;
}

/** Sets the HTTP status of the server response (e.g. 404 for a not-found page). */
export function HttpStatus({ code }: { code: number }) {
  const collector = useContext(PageContext);
  if (collector) collector.status = code;
  return null;
}
