import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { Slot } from 'radix-ui';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// patches/ (decision 0019) rewrites four library functions from object spreads to Object.assign,
// for speed on Node 20. The patched packages are pinned to the exact versions the patches were made
// for, and `npm ci` fails if a patch does not apply (patch-package --error-on-fail). These tests pin
// what the patched functions must still do.
describe('the library patches', () => {
  it('keep the precedence of query options: client defaults, then key defaults, then the call', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 1, gcTime: 2, retry: 3 } } });
    client.setQueryDefaults(['firms'], { gcTime: 20, retry: 30 });
    const options = client.defaultQueryOptions({ queryKey: ['firms', 'a'], retry: false });
    expect(options).toMatchObject({ staleTime: 1, gcTime: 20, retry: false, _defaulted: true });
    expect(options.queryHash).toBe('["firms","a"]');
    expect(options.refetchOnReconnect).toBe(true);
    expect(client.defaultQueryOptions(options)).toBe(options);
  });

  it('keep the precedence of mutation options, with and without a mutation key', () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: 1, gcTime: 5 } } });
    client.setMutationDefaults(['vote'], { retry: 2 });
    expect(client.defaultMutationOptions({ mutationKey: ['vote'], gcTime: 9 })).toMatchObject({
      retry: 2,
      gcTime: 9,
      _defaulted: true,
    });
    expect(client.defaultMutationOptions({})).toMatchObject({ retry: 1, gcTime: 5, _defaulted: true });
  });

  it("keep a mutation observer's result: the state and its flags", async () => {
    const observer = new MutationObserver(new QueryClient(), { mutationFn: async (n: number) => n * 2 });
    expect(observer.getCurrentResult()).toMatchObject({ status: 'idle', isIdle: true, isPending: false });
    await expect(observer.mutate(21)).resolves.toBe(42);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 42, isSuccess: true });
  });

  it("keep Slot's merge: both class names, the child's props over the slot's", () => {
    const html = renderToStaticMarkup(
      createElement(
        Slot.Root,
        { className: 'slot', title: 'from slot', 'aria-label': 'kept' } as Record<string, string>,
        createElement('a', { className: 'child', title: 'from child', href: '/firms' }, 'Firms'),
      ),
    );
    expect(html).toBe('<a class="slot child" title="from child" href="/firms" aria-label="kept">Firms</a>');
  });
});
