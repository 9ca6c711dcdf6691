import { useEffect, useState } from 'react';
import { useUrlSearchParams } from '../../lib/url-search-params';

/** A list's search and page in the address (`?q=&page=`), read by its page's loader too. */
export function readListParams(params: URLSearchParams): { q: string; page: number } {
  return { q: params.get('q') ?? '', page: Math.max(1, Number(params.get('page')) || 1) };
}

/**
 * A list's state in the address: its page, its search (run as the admin types, once they pause)
 * and whatever filters it reads from `params`. `update` sets or (null, '') drops keys; a new
 * search goes back to page one.
 */
export function useListParams({ replace = true }: { replace?: boolean } = {}) {
  const [params, setParams] = useUrlSearchParams();
  const { q, page } = readListParams(params);
  const [text, setText] = useState(q);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace });
  };
  const setPage = (p: number) => update({ page: p > 1 ? String(p) : null });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the typed text only
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => update({ q: text.trim() || null, page: null }), 300);
    return () => clearTimeout(timer);
  }, [text]);

  return { params, q, page, text, setText, update, setPage };
}
