/** The captación screens' reads: live, so they follow writes made here and documents arriving by sync. */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { localLoadable as local, NEEDS_NETWORK, useLoad, useVersions, type LocalLoadable, type LocalResource } from '../../../lib/data';
import type { AuthUser } from '../../../lib/session';
import type { Captacion } from '../../../../../couch-design/captacion';
import { onlinePage, type OnlinePage } from './online';
import { captacionesOf, type CaptacionesPage, type CaptacionesResource, type LoadedCaptacion, type OnlyIds } from './resource';

/** Stands in while nobody is signed in: the hooks below stay disabled with it. */
const NOBODY: LocalResource<Captacion> = {
  source: 'local',
  list: async () => [],
  get: async () => null,
  versions: async () => null,
  watch: () => () => undefined,
};

/** The person's captaciones (null while nobody is signed in). */
export function useCaptaciones(user: AuthUser | null): CaptacionesResource | null {
  return useMemo(() => (user ? captacionesOf(user) : null), [user]);
}

const notLocal = (id: string): boolean => !id.startsWith('_local/');

const sameConflicts = (a: string[] | undefined, b: string[] | undefined): boolean => (a ?? []).join() === (b ?? []).join();

/**
 * The same page as the one shown: the same counts and the same revisions of the same records.
 * While live sync runs, each change another device makes reloads the page; one that changed
 * none of its records (most, with many pages) then draws nothing.
 */
function samePage(a: CaptacionesPage, b: CaptacionesPage): boolean {
  if (a.page !== b.page || a.pages !== b.pages || a.total !== b.total || a.inScope !== b.inScope || a.items.length !== b.items.length) return false;
  return a.items.every((doc, i) => {
    const other = b.items[i] as typeof doc & { _conflicts?: string[] };
    return doc._id === other._id && doc._rev === other._rev && sameConflicts((doc as { _conflicts?: string[] })._conflicts, other._conflicts);
  });
}

/**
 * One page of the list, kept fresh like every local read; a new search or page loads again while
 * the rows shown stay until the new ones are there.
 */
export function useCaptacionesPage(captaciones: CaptacionesResource | null, query: string, page: number, only: OnlyIds = null): LocalLoadable<CaptacionesPage> {
  const [state, reload] = useLoad(() => (captaciones ? captaciones.page(query, page, only) : Promise.reject(new Error(NEEDS_NETWORK))), {
    enabled: !!captaciones,
    source: 'local',
    watch: (captaciones ?? NOBODY).watch,
    relevant: notLocal,
    same: samePage,
  });
  const first = useRef(true);
  useEffect(() => {
    // The first load is the hook's own; later ones follow the search and the page.
    if (first.current) first.current = false;
    else reload();
  }, [query, page, only, reload]);
  return local(state);
}

export function useCaptacion(captaciones: CaptacionesResource | null, id: string): [LocalLoadable<LoadedCaptacion | null>, () => void] {
  const [state, reload] = useVersions(captaciones ?? NOBODY, id, !!captaciones);
  return [local(state), reload];
}

const sameHeld = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((id) => b.has(id));

/**
 * One page of the whole scope through REST while `enabled` (online; issue 34): 'loading' until
 * the gateway answers, 'error' when it does not (the list then shows the device's page); read
 * again whenever `again` changes. An answer that is the page already shown (the same records,
 * revisions and marks: most reads again while live sync runs) draws nothing.
 */
export function useOnlinePage(query: string, page: number, enabled: boolean, again: unknown): LocalLoadable<OnlinePage> {
  const [state, setState] = useState<LocalLoadable<OnlinePage>>({ status: 'loading' });
  // The search or page asked: the device's page stands in until the gateway answers.
  useEffect(() => setState({ status: 'loading' }), [query, page]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    onlinePage(query, page).then(
      // A transition, as useLoad draws pages: in slices, not one long task.
      (value) => live && startTransition(() => setState((shown) => (shown.status === 'ready' && samePage(shown.value, value) && sameHeld(shown.value.onDevice, value.onDevice) ? shown : { status: 'ready', value }))),
      (error: unknown) => live && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
    // `again`: the device's page moved (a write here, a pull): the gateway's is read again.
  }, [query, page, enabled, again]);
  return state;
}
