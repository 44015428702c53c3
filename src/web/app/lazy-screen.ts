import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded component that can also be asked for its code ahead of its first render. */
export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * `React.lazy` plus `preload`: the same import, which the module cache answers once, so a
 * screen's code can be requested before the session that decides whether to render it
 * has answered (see preloadScreen in routes.tsx).
 */
export function lazyScreen<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  return Object.assign(lazy(load), { preload: load });
}
