/**
 * The one newest-first order of dated lists (captaciones by capture date, payslips by payment
 * date), for the gateway and the PWA alike: the later date first, records without a readable
 * date last, and equal dates by id so pages never shuffle.
 */

/** A sortable date (ISO text or milliseconds), or null when the record has none. */
export type DateKey = string | number | null;

export interface NewestFirstOptions<T> {
  id: (item: T) => string;
  /**
   * Order of ids among equal dates. Payslips: descending, the order of a descending index on
   * (date, id). Captaciones: ascending, the order the PWA list has always shown.
   */
  ties: 'ascending' | 'descending';
}

export function newestFirst<T>(dateOf: (item: T) => DateKey, { id, ties }: NewestFirstOptions<T>): (a: T, b: T) => number {
  const tie = ties === 'ascending' ? 1 : -1;
  return (a, b) => {
    const da = dateOf(a);
    const db = dateOf(b);
    if (da !== db) {
      if (da === null) return 1;
      if (db === null) return -1;
      return da < db ? 1 : -1;
    }
    const ia = id(a);
    const ib = id(b);
    return ia < ib ? -tie : ia > ib ? tie : 0;
  };
}
