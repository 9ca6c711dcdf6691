import { useCallback, useMemo } from 'react';
import { useLocation, useRouter } from 'wouter';

type SetUrlSearchParams = (next: URLSearchParams, options?: { replace?: boolean }) => void;

/**
 * The address's query read exactly as the server's prefetch reads it (`URLSearchParams` over the
 * raw query). wouter's useSearch and useSearchParams first run the query through decodeURI, so a
 * search for "%41" (q=%2541) read as "A": the search box rewrote what the visitor typed, and the
 * server render showed a different list from the one it had prefetched.
 */
export function useUrlSearchParams(): [URLSearchParams, SetUrlSearchParams] {
  const router = useRouter();
  // The router's search hook is the undecoded query: location.search, or ssrSearch on the server.
  const search = router.searchHook(router);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const [path, navigate] = useLocation();
  const setParams = useCallback<SetUrlSearchParams>(
    (next, options) => {
      const text = next.toString();
      navigate(text ? `${path}?${text}` : path, options);
    },
    [path, navigate],
  );
  return [params, setParams];
}
