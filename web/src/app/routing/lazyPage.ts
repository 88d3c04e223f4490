import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded component whose chunk can be asked for before it first renders. */
export type PreloadableComponent = LazyExoticComponent<ComponentType> & { preload(): Promise<void> };

/**
 * React.lazy with a `preload()`: the router starts a page's chunk together with the layout's, so a signed-in
 * first load waits for one round trip after the app's own code rather than two. Both share one import.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => (loading ??= load());
  // a failed download surfaces where the page renders (the route's error page), not from the preload
  return Object.assign(lazy(start), {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
