/**
 * What the top bar's search asks, per person (issue 36): everyone searches the captaciones on
 * the device; an admin also searches users and employees, through the gateway (as their lists
 * do, with the same rules as those lists). Loaded on the first search, never with the top bar.
 */
import { fullName } from '../../../../couch-design/helpers/names';
import { listEmpleados } from '../../../../couch-design/empleado/list';
import { canManageEmployees, canManageUsers, type SessionUser } from '../../../../couch-design/roles';
import { listUsuarios } from '../../../../couch-design/usuario/list';
import type { SearchHit, SearchSource } from '../../components/search/types';
import { paths } from '../../lib/paths';
import { empleadosResource } from '../../lib/resources/empleados';
import { usuariosResource } from '../../lib/resources/usuarios';

const HITS = 5;
/** Each keystroke searches the lists read once for a while, not a new request each time. */
const LIST_FRESH_MS = 30_000;

function readForAWhile<T>(read: () => Promise<T[]>): () => Promise<T[]> {
  let kept: { at: number; list: Promise<T[]> } | null = null;
  return () => {
    if (!kept || Date.now() - kept.at > LIST_FRESH_MS) {
      const list = read();
      kept = { at: Date.now(), list };
      // A failure (offline) is not kept: the next search asks again.
      list.catch(() => {
        if (kept?.list === list) kept = null;
      });
    }
    return kept.list;
  };
}

/** A list the gateway answers, searched on the device with the list's own rules (`list`), its best HITS as hits. */
function gatewayList<T>(group: string, read: () => Promise<T[]>, list: (all: T[], q: string) => T[], hit: (item: T) => SearchHit): SearchSource {
  const all = readForAWhile(read);
  return { group, search: async (q) => list(await all(), q).slice(0, HITS).map(hit) };
}

export function searchSourcesFor(user: SessionUser): SearchSource[] {
  const sources: SearchSource[] = [
    { group: 'Captaciones', search: (q) => import('../../features/captaciones/search').then((m) => m.searchCaptaciones(user, q)) },
  ];
  if (canManageUsers(user.role)) {
    sources.push(gatewayList('Usuarios', () => usuariosResource.list(), listUsuarios, (u) => ({ key: u._id, title: fullName(u) || u.email, detail: u.email, href: paths.userProfile(u._id) })));
  }
  if (canManageEmployees(user.role)) {
    sources.push(
      gatewayList('Empleados', () => empleadosResource.list(), listEmpleados, (e) => ({ key: e._id, title: fullName(e), detail: [e.pust, e.email].filter(Boolean).join(' · '), href: paths.empleadoProfile(e._id) })),
    );
  }
  return sources;
}
