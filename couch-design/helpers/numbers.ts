/** Numbers as people type them (input normalisation, shared by every form and body). */

const THOUSANDS = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * Numbers arrive as numbers, numeric strings from inputs ('120', '1,250,000.50', '$ 3500') or
 * blanks (null). A text that is no number is kept as it came, so validation refuses it instead of
 * the record silently losing the value.
 */
export function toNumber(v: unknown): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  let s = v.trim().replace(/^\$\s*/, '');
  if (s === '') return null;
  if (THOUSANDS.test(s)) s = s.replace(/,/g, '');
  const n = Number(s);
  return Number.isFinite(n) ? n : (v as unknown as number);
}
