/** Live reads of the local database: screens follow writes made here and documents arriving by sync. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { watchLocal } from '../../../lib/db';
import type { AuthUser } from '../../../lib/session';
import type { Captacion } from '../../../../../couch-design/captacion';
import { DB, listCaptaciones, loadCaptacion, type LoadedCaptacion } from './repository';

export type Loadable<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: unknown };

/** Coalesces bursts (a sync brings hundreds of changes at once) into one reload. */
const RELOAD_DEBOUNCE_MS = 150;

function useLiveLoad<T>(load: () => Promise<T>, filter: (id: string) => boolean, enabled: boolean): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const reload = useCallback(() => {
    const mine = ++generation.current;
    loadRef.current().then(
      (value) => {
        if (mine === generation.current) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        if (mine === generation.current) setState({ status: 'error', error });
      },
    );
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    reload();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let unsubscribe: () => void = () => undefined;
    try {
      unsubscribe = watchLocal(DB, (event) => {
        if (event.kind === 'change' && !filterRef.current(event.id)) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(reload, RELOAD_DEBOUNCE_MS);
      });
    } catch {
      // No local database (no session on this device): the load itself reports the error.
    }
    return () => {
      generation.current++;
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [enabled, reload]);

  return [state, reload];
}

const notLocal = (id: string) => !id.startsWith('_local/');

export function useCaptacionesList(user: AuthUser | null): Loadable<Captacion[]> {
  const [state] = useLiveLoad(() => (user ? listCaptaciones(user) : Promise.resolve([])), notLocal, !!user);
  return state;
}

export function useCaptacion(id: string, user: AuthUser | null): [Loadable<LoadedCaptacion | null>, () => void] {
  return useLiveLoad(() => (user ? loadCaptacion(id, user) : Promise.resolve(null)), (changed) => changed === id, !!user && !!id);
}
