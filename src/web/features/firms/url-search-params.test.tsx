import { QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { FirmDirectory } from './firm-directory';

function QueryValue({ name }: { name: string }) {
  const [params] = useUrlSearchParams();
  // Encoded, so the expectation does not depend on how React escapes HTML.
  return <output>{encodeURIComponent(params.get(name) ?? '')}</output>;
}

/** Server-renders as the page renderer does: the request's path and raw query on the router. */
const renderAt = (path: string, search: string, node: React.ReactNode) =>
  renderToString(
    // No data and no fetching: these tests read the address, and skipToken keeps the queries idle.
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { queryFn: skipToken } } })}>
      <Router ssrPath={path} ssrSearch={search}>
        {node}
      </Router>
    </QueryClientProvider>,
  );

describe('useUrlSearchParams', () => {
  it.each([
    ['?q=%2541', '%41'],
    ['?q=100%25', '100%'],
    ['?q=a%26b', 'a&b'],
    ['?q=north%2Bx', 'north+x'],
    ['?q=c%23d', 'c#d'],
    ['?q=%25E9', '%E9'],
    ['?q=two+words', 'two words'],
  ])('reads %s as URLSearchParams does on the server', (search, expected) => {
    expect(new URLSearchParams(search).get('q')).toBe(expected);
    expect(renderAt('/firms', search, <QueryValue name="q" />)).toContain(
      `<output>${encodeURIComponent(expected)}</output>`,
    );
  });
});

describe('FirmDirectory search box', () => {
  it('shows the searched text exactly, even when it looks like an escape', () => {
    const html = renderAt('/firms', '?q=%2541x', <FirmDirectory />);
    expect(html).toMatch(/id="firm-filter"[^>]*value="%41x"/);
  });
});
