/**
 * What the list shows: the search over owner name and address (accent- and case-insensitive,
 * every word must match somewhere), newest capture first, pages of 10 (spec 001 sections 2.5, 9).
 */
import { captacionSearchText, matchesTerms, searchTerms } from '../../../../../couch-design/captacion/search';

export const PAGE_SIZE = 10;

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

export interface Page<T> {
  items: T[];
  /** The page shown, clamped to the pages that exist (1 when there are none). */
  page: number;
  /** 0 when nothing matches (spec 001 section 9). */
  pages: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pages = Math.ceil(items.length / size);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
  return { items: items.slice((current - 1) * size, current * size), page: current, pages, total: items.length };
}

/** Search, sort and page in one step, the way the screen does it. */
export function visibleCaptaciones<T>(docs: readonly T[], query: string, page: number, size = PAGE_SIZE): Page<T> & { matching: T[] } {
  const matching = sortNewestFirst(docs.filter((d) => matchesSearch(d, query)));
  return { ...paginate(matching, page, size), matching };
}

/**
 * The numbered buttons: every page when there are few, else the first, the last and a window
 * around the current one, with '…' for the gaps (a tablet row holds about nine buttons).
 */
export function pageNumbers(current: number, pages: number, window = 1): Array<number | '…'> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const keep = new Set([1, pages]);
  for (let p = current - window; p <= current + window; p++) if (p >= 1 && p <= pages) keep.add(p);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | '…'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : '…');
    out.push(p);
  });
  return out;
}
