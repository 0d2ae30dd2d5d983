/**
 * `npm run bench`: runs every benchmark in BENCHES in turn and prints one table. Benchmarks print,
 * they never assert (DESIGN 9). Adding one is one line in BENCHES.
 */
import type { Bench, Row } from './row';
import { benchSync } from './sync';
import { benchApi } from './api';
import { benchBundle } from './bundle';

const BENCHES: Array<[string, Bench]> = [
  ['sync', benchSync],
  ['api', benchApi],
  ['bundle', benchBundle],
];

function table(rows: Array<Row & { bench: string }>): string {
  const cells = rows.map((r) => [r.bench, r.name, r.value.toLocaleString('es-MX'), r.unit]);
  const head = ['bench', 'medida', 'valor', 'unidad'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 2 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

const only = process.argv.slice(2);
const all: Array<Row & { bench: string }> = [];
for (const [name, run] of BENCHES) {
  if (only.length && !only.includes(name)) continue;
  const t0 = performance.now();
  try {
    for (const row of await run()) all.push({ bench: name, ...row });
  } catch (e) {
    console.error(`La medición ${name} falló:`, e);
    process.exitCode = 1;
  }
  console.error(`${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(table(all));
const notes = all.filter((r) => r.note);
if (notes.length) console.log(['', ...notes.map((r) => `* ${r.bench} / ${r.name}: ${r.note}`)].join('\n'));
