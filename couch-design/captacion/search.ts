/**
 * The list search (spec 2.5, 'Buscar por propietario o dirección'): case- and accent-insensitive,
 * over the owner's name and the property's address parts. Every word typed must appear in one
 * of those fields; the words are plain text, never patterns, so '.*(' looks for those very
 * characters. Pure, so the PWA can search its local database with the same meaning.
 */

import { dict } from '../helpers/values';
import { searchText } from '../helpers/search';

/** Owner name and address parts, folded, one per line so a word never spans two fields. */
export function captacionSearchText(doc: unknown): string {
  const d = dict(doc);
  const dir = dict(dict(d.propiedad).direccion);
  return searchText([dict(d.propietario).nombre, dir.calle, dir.numero, dir.colonia, dir.ciudad, dir.estado, dir.codigo_postal, dir.completa]);
}
