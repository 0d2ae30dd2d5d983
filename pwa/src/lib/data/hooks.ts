/**
 * Loading a resource's records into a screen: one state shape for every screen, reloads coalesced
 * when a sync brings hundreds of changes at once, and REST screens that say they need the
 * network instead of failing while offline.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SyncedDbName } from '../db';
import { isUnreachable } from './errors';
import { watchRecords, type LocalResource, type RecordVersions } from './local';
import { EVERY_RECORD, type Resource } from './resource';

export const NEEDS_NETWORK = 'Esta pantalla necesita conexión a internet. Vuelva a intentarlo cuando tenga señal.';

export type Loadable<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'offline' }
  | { status: 'error'; error: unknown };

/** Local records never wait for the network: the seam says 'offline' for REST resources only. */
export type LocalLoadable<T> = Exclude<Loadable<T>, { status: 'offline' }>;

/** A local read's state: 'offline' cannot happen there, and says it is an error should it. */
export const localLoadable = <T>(state: Loadable<T>): LocalLoadable<T> => (state.status === 'offline' ? { status: 'error', error: new Error(NEEDS_NETWORK) } : state);

const RELOAD_DEBOUNCE_MS = 150;

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Runs `load` now and again whenever `watch` reports a change that `relevant` accepts.
 * `source: 'rest'` turns an unreachable gateway (or a browser that knows it is offline) into
 * `offline`, and loads again when the browser comes back online. `same`: a reload whose value is
 * the same as the one shown (say, a page none of whose records changed) draws nothing again.
 * `key`: what `load` reads (say, whose records); another key is 'loading' until it is read, never
 * the former key's value.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  opts: { enabled?: boolean; source: Resource<unknown>['source']; watch?: Resource<unknown>['watch']; relevant?: (id: string) => boolean; same?: (shown: T, next: T) => boolean; key?: string },
): [Loadable<T>, () => void] {
  const enabled = opts.enabled ?? true;
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [shownKey, setShownKey] = useState(opts.key);
  if (shownKey !== opts.key) {
    // Set while rendering (React's way to reset state on a prop): no frame shows the former key's value.
    setShownKey(opts.key);
    setState({ status: 'loading' });
  }
  const generation = useRef(0);
  /** The value on screen, for `same`. */
  const onScreen = useRef<{ value: T } | null>(null);
  const latest = useRef({ load, relevant: opts.relevant, source: opts.source, same: opts.same });
  latest.current = { load, relevant: opts.relevant, source: opts.source, same: opts.same };

  const reload = useCallback(() => {
    const mine = ++generation.current;
    const { load: run, source } = latest.current;
    if (source === 'rest' && browserOffline()) {
      onScreen.current = null;
      setState({ status: 'offline' });
      return;
    }
    run().then(
      (value) => {
        if (mine !== generation.current) return;
        const before = onScreen.current;
        if (before && latest.current.same?.(before.value, value)) return;
        onScreen.current = { value };
        // Drawn in a transition, in slices the browser may interrupt: a pull that lands hundreds of
        // changes does not freeze a phone's screen, and the first rows of a list are not one long
        // task either (a plain update renders a whole list in one go: 14 ms of a phone's main
        // thread on this machine for ten captaciones, four times that on Lighthouse's phone).
        startTransition(() => setState({ status: 'ready', value }));
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        onScreen.current = null;
        setState(latest.current.source === 'rest' && isUnreachable(error) ? { status: 'offline' } : { status: 'error', error });
      },
    );
  }, []);

  const watch = opts.watch;
  const key = opts.key;
  useEffect(() => {
    if (!enabled) return undefined;
    // Read afresh (another `key`, say): whatever the answer, it is drawn, even one `same` as before.
    onScreen.current = null;
    reload();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let unsubscribe: () => void = () => undefined;
    if (watch) {
      try {
        unsubscribe = watch((id) => {
          if (id !== EVERY_RECORD && latest.current.relevant && !latest.current.relevant(id)) return;
          if (timer) clearTimeout(timer);
          timer = setTimeout(reload, RELOAD_DEBOUNCE_MS);
        });
      } catch {
        // No local database (no session on this device): the load itself reports the error.
      }
    }
    const online = () => reload();
    if (typeof window !== 'undefined') window.addEventListener('online', online);
    // A counter, not a DOM node: bumping it on cleanup makes loads still in flight answer nobody.
    const loads = generation;
    return () => {
      loads.current++;
      if (timer) clearTimeout(timer);
      unsubscribe();
      if (typeof window !== 'undefined') window.removeEventListener('online', online);
    };
  }, [enabled, reload, watch, key]);

  return [state, reload];
}

/**
 * What `load` reads from one of the person's local databases for `key` (say, one parent's child
 * records), read again after the changes there that `relevant` accepts (every change when absent;
 * a wiped and pulled again database always). Nothing is read while `key` is null.
 */
export function useLocalRead<T>(
  db: SyncedDbName,
  key: string | null,
  load: (key: string) => Promise<T>,
  relevant?: (id: string, key: string) => boolean,
): LocalLoadable<T> {
  const watch = useMemo(() => watchRecords(db), [db]);
  const [state] = useLoad(() => (key === null ? Promise.resolve(null as never) : load(key)), {
    enabled: key !== null,
    source: 'local',
    watch,
    relevant: relevant && key !== null ? (id) => relevant(id, key) : undefined,
    key: key ?? undefined,
  });
  return localLoadable(state);
}

const notLocal = (id: string): boolean => !id.startsWith('_local/');

/** Every record of the resource, kept fresh. `resource` must be stable (a module constant or memoised). */
export function useResourceList<T>(resource: Resource<T>, enabled = true): [Loadable<T[]>, () => void] {
  return useLoad(() => resource.list(), { enabled, source: resource.source, watch: resource.watch, relevant: notLocal });
}

const oneRecord = (resource: Resource<unknown>, id: string, enabled: boolean) => ({
  enabled: enabled && !!id,
  source: resource.source,
  watch: resource.watch,
  relevant: (changed: string) => changed === id,
});

/** One record (null when it does not exist or is outside the person's scope), kept fresh. */
export function useRecord<T>(resource: Resource<T>, id: string, enabled = true): [Loadable<T | null>, () => void] {
  return useLoad(() => resource.get(id), oneRecord(resource, id, enabled));
}

/** One local record with its conflicting revisions (two devices edited it offline), kept fresh. */
export function useVersions<T>(resource: LocalResource<T>, id: string, enabled = true): [Loadable<RecordVersions<T> | null>, () => void] {
  return useLoad(() => resource.versions(id), oneRecord(resource, id, enabled));
}
