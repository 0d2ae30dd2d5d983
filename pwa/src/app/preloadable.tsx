import { lazy, type ComponentType, type JSX } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export type Preloadable<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, with a `preload` that fetches the code before the component is drawn, and
 * no suspending once it has arrived: React.lazy suspends on its first render even when the
 * module is already loaded, and React then holds the revealed content back for up to 300 ms
 * after a fallback (its Suspense throttle), which a screen fetched ahead of time must not pay.
 */
export function preloadable<P extends object>(load: Loader<P>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        pending = null; // a later visit tries again (the network may be back)
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function PreloadableComponent(props: P): JSX.Element {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
