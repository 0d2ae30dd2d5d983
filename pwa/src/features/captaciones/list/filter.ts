/**
 * What the list shows: the search over owner name and address (accent- and case-insensitive,
 * every word must match somewhere), newest capture first, pages of 10 (spec 001 sections 2.5, 9).
 */
import { captacionSearchText, matchesTerms, searchTerms } from '../../../../../couch-design/captacion/search';
import { paginate, PAGE_SIZE, type Page } from '../../../components/list';

/** The list's page size is the kit's (ten, spec 001 section 2.5). */
export { PAGE_SIZE };

type Dict = Record<string, unknown>;
const dict = (v: unknown): Dict => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dict) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The same search as the gateway's list (couch-design), so a search means one thing online and offline. */
export function matchesSearch(doc: unknown, query: string): boolean {
  return matchesTerms(captacionSearchText(doc), searchTerms(query));
}

function captureTime(doc: unknown): number {
  const t = Date.parse(text(dict(dict(doc).captacion).fecha));
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Newest capture date first; records without a date last; ties by id so pages never shuffle. */
export function sortNewestFirst<T>(docs: readonly T[]): T[] {
  return [...docs].sort((a, b) => {
    const ta = captureTime(a);
    const tb = captureTime(b);
    // -Infinity (no date) minus anything finite stays negative: undated records sink to the end.
    if (ta !== tb) return tb - ta > 0 ? 1 : -1;
    return text(dict(a)._id).localeCompare(text(dict(b)._id));
  });
}

/** Search, sort and page in one step, the way the screen does it. */
export function visibleCaptaciones<T>(docs: readonly T[], query: string, page: number, size = PAGE_SIZE): Page<T> & { matching: T[] } {
  const matching = sortNewestFirst(docs.filter((d) => matchesSearch(d, query)));
  return { ...paginate(matching, page, size), matching };
}
