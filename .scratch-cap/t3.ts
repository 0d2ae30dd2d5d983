import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStore } from '../sync-server/src/store/index';
import { deployDesignDocs, warmIndexes } from '../sync-server/src/store/deploy';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { captacionesSelector, CAPTACIONES_FECHA_DESC, CAPTACIONES_BY_FECHA } from '../couch-design/design-docs/index';
const N = Number(process.argv[2] ?? 10000);
const store = await createStore({ dataDir: mkdtempSync(path.join(tmpdir(), 'p3-')), dbPrefix: 'x_' });
await deployDesignDocs(store);
const db = await store.db('captaciones');
const base = sampleCaptacion({ captacion: { asesor: 'u1' } });
for (let i = 0; i < N; i += 1000) {
  const docs = [];
  for (let j = i; j < Math.min(N, i + 1000); j++) docs.push({ ...base, _id: `c${j}`, captacion: { ...base.captacion, asesor: `u${j % 20}`, fecha: new Date(Date.UTC(2020, 0, 1) + j * 60000).toISOString() } });
  await db.bulkDocs(docs);
}
await warmIndexes(store);
if (process.env.SLEEP) await new Promise((r) => setTimeout(r, Number(process.env.SLEEP)));
const q = (extra: object = {}) => ({ selector: captacionesSelector(), sort: CAPTACIONES_FECHA_DESC, limit: 10, skip: 0, use_index: [CAPTACIONES_BY_FECHA.ddoc, CAPTACIONES_BY_FECHA.name] as [string, string], ...extra });
const ts: number[] = [];
for (let k = 0; k < 40; k++) { const t = performance.now(); await db.find(q()); ts.push(performance.now() - t); }
console.log('find', ts.map((x) => x.toFixed(1)).join(' '));
const ts2: number[] = [];
for (let k = 0; k < 40; k++) { const t = performance.now(); await db.bulkGet(Array.from({ length: 10 }, (_, i) => ({ id: `c${i * 7}` }))); ts2.push(performance.now() - t); }
console.log('bulkGet', ts2.map((x) => x.toFixed(1)).join(' '));
const ts3: number[] = [];
for (let k = 0; k < 40; k++) { const t = performance.now(); await db.find(q({ fields: ['_id'] })); ts3.push(performance.now() - t); }
console.log('find ids', ts3.map((x) => x.toFixed(1)).join(' '));
