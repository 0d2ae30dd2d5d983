/** One line of a benchmark table. */
export interface Row {
  name: string;
  value: number;
  unit: string;
  /** How to read the number (printed under the table). */
  note?: string;
}

export type Bench = () => Promise<Row[]>;

/** The printed table: one line per row, the value right-aligned in es-MX digits. */
function table(rows: Array<Row & { bench: string }>): string {
  const cells = rows.map((r) => [r.bench, r.name, r.value.toLocaleString('es-MX'), r.unit]);
  const head = ['bench', 'medida', 'valor', 'unidad'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 2 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

/** The table, then the notes that say how to read some of its numbers. */
export function report(rows: Array<Row & { bench: string }>): string {
  const notes = rows.filter((r) => r.note).map((r) => `* ${r.bench} / ${r.name}: ${r.note}`);
  return [table(rows), ...(notes.length ? ['', ...notes] : [])].join('\n');
}
