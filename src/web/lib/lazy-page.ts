import type { FetchQueryOptions } from '@tanstack/react-query';
import { type ComponentType, createElement, use } from 'react';
import type { CurrentUser } from '../../domain/accounts';

/** A component whose code loads apart, and can be loaded ahead of rendering. */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A code-split component that renders synchronously once loaded, so the server and the hydrating
 * browser can render it in one pass after `preload()`; before that it suspends until it arrives.
 * (React's `lazy` cannot be loaded ahead: its first render always suspends, and a server render
 * then sends the Suspense fallback in its place.)
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
    });
    return pending;
  };
  function Lazy(props: P) {
    if (!loaded) use(preload());
    return createElement(loaded!, props);
  }
  return Object.assign(Lazy, { preload });
}

export interface LazyPage {
  /** Source path of the page module, as the build manifest names it. */
  module: string;
  Page: ComponentType;
  /** Loads the page's code (on the server with every part the address may open). */
  preload: () => Promise<PageModule>;
  /** The page's module once its code is loaded. */
  loaded: () => PageModule | undefined;
}

/** A module of `pages/`. */
export interface PageModule {
  default: ComponentType;
  /** The queries the page renders from (page-loader.ts); absent for a page without data. */
  loader?: PageLoader;
  /** Parts it loads only when the visitor opens them: loaded ahead on the server. */
  loadServerParts?: () => Promise<unknown>;
}

/**
 * A code-split page that can be loaded before rendering, so the server and the hydrating
 * browser render it synchronously, while client navigation suspends until it arrives.
 */
export function lazyPage(module: string, load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  const Page = lazyComponent(() =>
    load().then(async (m) => {
      // The server renders in one pass, so it needs every part the address may open.
      if (import.meta.env.SSR) await m.loadServerParts?.();
      loaded = m;
      return m.default;
    }),
  );
  return { module, Page, preload: () => Page.preload().then(() => loaded!), loaded: () => loaded };
}

/** Any query's options: a page's queries answer with different types. */
export type PageQuery = FetchQueryOptions<any, any, any, any>;

/** What a page's loader knows: the address it renders and who asks. */
export interface PageLoaderArgs {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  /** The signed-in visitor, or null. A loader that reads it runs once the visitor is known. */
  user: CurrentUser | null;
}

/**
 * The queries a page renders from, exported as `loader` by its module in `pages/`: the server
 * fetches them before rendering, the browser starts them as soon as the route matches. The page's
 * components ask for the same query options, so they find the data in the cache.
 */
export type PageLoader = (args: PageLoaderArgs) => PageQuery[];
