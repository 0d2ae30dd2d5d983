/**
 * `npm run bench`: runs every benchmark in BENCHES in turn and prints one table. Benchmarks print,
 * they never assert (docs/architecture.md section 9). Adding one is one line in BENCHES.
 * `npm run bench -- sync load` runs only those; options (`--gateways 2` of the load bench) are
 * read by the benches themselves from process.argv.
 */
import './quiet-logs';
import { report, type Bench, type Row } from './row';
import { benchSync } from './sync';
import { benchApi } from './api';
import { benchBundle } from './bundle';
import { benchPayroll } from './payroll';
import { benchLoad } from './load';
import { benchLighthouse } from './lighthouse';
import { benchList } from './list';
import { benchFotos } from './fotos';
import { benchFotosPdf } from './fotos-pdf';
import { benchVault } from './vault';
import { benchSessions } from './sessions';
import { benchTurns } from './turns';
import { benchScale } from './scale';

const BENCHES: Array<[string, Bench]> = [
  ['sync', benchSync],
  ['api', benchApi],
  ['bundle', benchBundle],
  ['payroll', benchPayroll],
  ['load', benchLoad],
  ['lighthouse', benchLighthouse],
  ['list', benchList],
  ['fotos', benchFotos],
  ['fotos-pdf', benchFotosPdf],
  ['vault', benchVault],
  ['sesiones', benchSessions],
  ['turnos', benchTurns],
  ['scale', benchScale],
];

/** Options that take their value as the next argument. */
const WITH_VALUE = new Set(['--gateways']);
const args = process.argv.slice(2);
const only = args.filter((a, i) => !a.startsWith('-') && !WITH_VALUE.has(args[i - 1]));
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
console.log(report(all));
