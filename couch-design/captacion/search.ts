/**
 * The list search (spec 2.5, 'Buscar por propietario o dirección'): case- and accent-insensitive,
 * over the owner's name and the property's address parts. Every word typed must appear in one
 * of those fields; the words are plain text, never patterns, so '.*(' looks for those very
 * characters. Pure, so the PWA can search its local database with the same meaning.
 */

type Dict = Record<string, unknown>;
const dict = (v: unknown): Dict => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dict) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

export const MAX_SEARCH_LENGTH = 100;

/** 'Núñez  GÓMEZ' -> 'nunez gomez': accents and case folded, spaces collapsed. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The distinct words of a search; [] for a blank one. */
export function searchTerms(q: string): string[] {
  const folded = foldText(q);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}

/** Owner name and address parts, folded, one per line so a word never spans two fields. */
export function captacionSearchText(doc: unknown): string {
  const d = dict(doc);
  const dir = dict(dict(d.propiedad).direccion);
  return [
    dict(d.propietario).nombre,
    dir.calle,
    dir.numero,
    dir.colonia,
    dir.ciudad,
    dir.estado,
    dir.codigo_postal,
    dir.completa,
  ]
    .map((v) => foldText(str(v)))
    .filter(Boolean)
    .join('\n');
}

export function matchesTerms(searchText: string, terms: readonly string[]): boolean {
  for (const t of terms) if (!searchText.includes(t)) return false;
  return true;
}
