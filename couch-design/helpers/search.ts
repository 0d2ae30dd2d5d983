/**
 * The one meaning of a list search, for the gateway and the PWA alike: case- and
 * accent-insensitive, every word typed must appear in one of the record's fields; words are plain
 * text, never patterns, so '.*(' looks for those very characters.
 */
import { plainText } from './values';

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

/** The searchable fields of a record, folded, one per line so a word never spans two fields. */
export function searchText(fields: readonly unknown[]): string {
  return fields
    .map((v) => foldText(plainText(v)))
    .filter(Boolean)
    .join('\n');
}

export function matchesTerms(text: string, terms: readonly string[]): boolean {
  for (const t of terms) if (!text.includes(t)) return false;
  return true;
}

/** Whether a record's search text holds every word of `search`; a blank search matches everything. */
export function matchesSearch(text: () => string, search: string | null | undefined): boolean {
  const terms = searchTerms(search ?? '');
  return terms.length === 0 || matchesTerms(text(), terms);
}
