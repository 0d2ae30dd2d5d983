/** Pages of a list (spec 001 sections 2.5, 9): ten a page, the page clamped to those that exist. */

export const PAGE_SIZE = 10;

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
