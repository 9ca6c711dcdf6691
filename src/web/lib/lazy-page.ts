import { type ComponentType, createElement, use } from 'react';

export interface LazyPage {
  /** Source path of the page module, as the build manifest names it. */
  module: string;
  Page: ComponentType;
  preload: () => Promise<unknown>;
}

/**
 * A code-split page that can be loaded before rendering, so the server and the hydrating
 * browser render it synchronously, while client navigation suspends until it arrives.
 */
export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () => {
    pending ??= load().then((m) => {
      loaded = m.default;
    });
    return pending;
  };
  function Page() {
    if (!loaded) use(preload());
    return createElement(loaded!);
  }
  return { module, Page, preload };
}
