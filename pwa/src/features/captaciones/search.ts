/**
 * The top bar's search over the captaciones (issue 36): the list's own search (owner and
 * address), its first hits with the owner and the address, each leading to its detail. Like the
 * list (issue 34 item 2), online it covers the whole scope through REST; offline, or when the
 * gateway does not answer, the device's records from the kept index.
 */
import { addressLine, ownerName } from '../../../../couch-design/captacion/rules';
import type { SessionUser } from '../../../../couch-design/roles';
import type { SearchHit } from '../../components/search/types';
import { paths } from '../../lib/paths';
import { syncStateStore } from '../../lib/sync/state';
import { onlinePage } from './data/online';
import { pageOfCaptaciones } from './data/resource';

/** A handful: the box points at records, the list ('Mis Proyectos de Captación') shows them all. */
export const SEARCH_HITS = 5;

export async function searchCaptaciones(user: SessionUser, query: string): Promise<SearchHit[]> {
  const onDevice = () => pageOfCaptaciones(user, query, 1, SEARCH_HITS);
  const { items } = syncStateStore.get().status === 'offline' ? await onDevice() : await onlinePage(query, 1, SEARCH_HITS).catch(onDevice);
  return items.map((doc) => ({ key: doc._id, title: ownerName(doc), detail: addressLine(doc.propiedad?.direccion), href: paths.captacion(doc._id) }));
}
