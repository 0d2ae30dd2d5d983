import { lazy, type ComponentType, type JSX } from 'react';
import { arrived, fetchOnce } from './module-cache';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

const components = new WeakMap<Loader<never>, ComponentType<never>>();

/**
 * Like React.lazy over a loader of module-cache, without suspending once the code has arrived
 * (fetched ahead by boot.ts): React.lazy suspends on its first render even then, and React holds
 * revealed content back for up to 300 ms after a fallback (its Suspense throttle). One
 * component per loader, so two routes of one screen draw the same component.
 */
export function preloadable<P extends object>(load: Loader<P>): ComponentType<P> {
  const known = components.get(load as Loader<never>);
  if (known) return known as ComponentType<P>;
  const Lazy = lazy(() => fetchOnce(load));
  function Preloaded(props: P): JSX.Element {
    const Loaded = arrived(load)?.default;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  components.set(load as Loader<never>, Preloaded as ComponentType<never>);
  return Preloaded;
}
