import { type ComponentType, createElement, lazy, useState } from 'react';

/** A lazily loaded component that can be asked to load before it is first rendered. */
export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * React.lazy with a preload: `preload()` fetches the module ahead (main.tsx
 * does it for the first page's screen, decision 014), and a component whose
 * module has arrived renders at once, without suspending, so the first
 * render shows the page and not its fallback. Each mounted instance keeps
 * the form it started with, so the module arriving never remounts it.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    });
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Component, props);
  }
  return Object.assign(Preloaded, { preload });
}
