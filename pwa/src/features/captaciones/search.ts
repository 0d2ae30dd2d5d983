/**
 * The top bar's search over the captaciones on the device (issue 36): the list's own search
 * (owner and address, from the kept index), its first hits with the owner and the address, each
 * leading to its detail. Works offline: nothing is asked of the gateway.
 */
import { addressLine, ownerName } from '../../../../couch-design/captacion/rules';
import type { SessionUser } from '../../../../couch-design/roles';
import type { SearchHit } from '../../components/search/types';
import { paths } from '../../lib/paths';
import { pageOfCaptaciones } from './data/resource';

/** A handful: the box points at records, the list ('Mis Proyectos de Captación') shows them all. */
export const SEARCH_HITS = 5;

export async function searchCaptaciones(user: SessionUser, query: string): Promise<SearchHit[]> {
  const { items } = await pageOfCaptaciones(user, query, 1, SEARCH_HITS);
  return items.map((doc) => ({ key: doc._id, title: ownerName(doc), detail: addressLine(doc.propiedad?.direccion), href: paths.captacion(doc._id) }));
}
