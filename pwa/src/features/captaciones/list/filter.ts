/**
 * What the list shows: the search over owner name and address (accent- and case-insensitive,
 * every word must match somewhere), newest capture first, pages of 10 (spec 001 sections 2.5, 9).
 */
import { compareCaptacionesNewestFirst } from '../../../../../couch-design/captacion/rules';
import { captacionSearchText } from '../../../../../couch-design/captacion/search';
import { matchesTerms, searchTerms } from '../../../../../couch-design/helpers/search';
import { paginate, PAGE_SIZE, type Page } from '../../../components/list';

/** The list's page size is the kit's (ten, spec 001 section 2.5). */
export { PAGE_SIZE };

/** The same search as the gateway's list (couch-design), so a search means one thing online and offline. */
export function matchesSearch(doc: unknown, query: string): boolean {
  return matchesTerms(captacionSearchText(doc), searchTerms(query));
}

/** Newest capture date first; records without a date last; ties by id so pages never shuffle (couch-design's one order). */
export function sortNewestFirst<T>(docs: readonly T[]): T[] {
  return [...docs].sort(compareCaptacionesNewestFirst);
}

/** Search, sort and page in one step, the way the screen does it. */
export function visibleCaptaciones<T>(docs: readonly T[], query: string, page: number, size = PAGE_SIZE): Page<T> & { matching: T[] } {
  const matching = sortNewestFirst(docs.filter((d) => matchesSearch(d, query)));
  return { ...paginate(matching, page, size), matching };
}

/** What the list's kept index holds per captación (pwa/src/lib/db/list-index.ts). */
export interface IndexedCaptacion {
  id: string;
  at: number | null;
  asesor: string;
  text: string;
}

/** The same order as `sortNewestFirst`, on index entries: newest first, undated last, ties by id. */
function newestEntryFirst(a: IndexedCaptacion, b: IndexedCaptacion): number {
  if (a.at !== b.at) {
    if (a.at === null) return 1;
    if (b.at === null) return -1;
    return a.at < b.at ? 1 : -1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The ids matching `query`, in the list's order, out of entries the caller already sorted
 * (`sortEntries`): a search costs one pass over short strings, never a read of the records.
 */
export function matchingIds(sorted: readonly IndexedCaptacion[], query: string): string[] {
  const terms = searchTerms(query);
  const out: string[] = [];
  for (const e of sorted) if (terms.length === 0 || matchesTerms(e.text, terms)) out.push(e.id);
  return out;
}

export function sortEntries(entries: Iterable<IndexedCaptacion>): IndexedCaptacion[] {
  return [...entries].sort(newestEntryFirst);
}
