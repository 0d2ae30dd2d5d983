/** The captación screens' reads: live, so they follow writes made here and documents arriving by sync. */
import { useMemo } from 'react';
import { NEEDS_NETWORK, useResourceList, useVersions, type Loadable, type LocalResource } from '../../../lib/data';
import type { AuthUser } from '../../../lib/session';
import type { Captacion } from '../../../../../couch-design/captacion';
import { captacionesOf, type CaptacionesResource, type LoadedCaptacion } from './resource';

/** Local records never wait for the network: the seam says 'offline' for REST resources only. */
export type LocalLoadable<T> = Exclude<Loadable<T>, { status: 'offline' }>;

const local = <T>(state: Loadable<T>): LocalLoadable<T> => (state.status === 'offline' ? { status: 'error', error: new Error(NEEDS_NETWORK) } : state);

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

export function useCaptacionesList(captaciones: CaptacionesResource | null): LocalLoadable<Captacion[]> {
  const [state] = useResourceList(captaciones ?? NOBODY, !!captaciones);
  return local(state);
}

export function useCaptacion(captaciones: CaptacionesResource | null, id: string): [LocalLoadable<LoadedCaptacion | null>, () => void] {
  const [state, reload] = useVersions(captaciones ?? NOBODY, id, !!captaciones);
  return [local(state), reload];
}
