/** One line of a benchmark table. */
export interface Row {
  name: string;
  value: number;
  unit: string;
  /** What the figure should reach, printed beside it ('≤ 170', '≥ 90'); not asserted. */
  target?: string;
  /** How to read the number (printed under the table). */
  note?: string;
}

export type Bench = () => Promise<Row[]>;

/** The printed table: one line per row, the value right-aligned in es-MX digits, its target beside it. */
function table(rows: Array<Row & { bench: string }>): string {
  const cells = rows.map((r) => [r.bench, r.name, r.value.toLocaleString('es-MX'), r.unit, r.target ?? '']);
  const head = ['bench', 'medida', 'valor', 'unidad', 'meta'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 2 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

/** The table, then the notes that say how to read some of its numbers. */
export function report(rows: Array<Row & { bench: string }>): string {
  const notes = rows.filter((r) => r.note).map((r) => `* ${r.bench} / ${r.name}: ${r.note}`);
  return [table(rows), ...(notes.length ? ['', ...notes] : [])].join('\n');
}
