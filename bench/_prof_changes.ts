import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { createStore } from '../sync-server/src/store/index';
import { PouchDB as ServerPouch } from '../sync-server/src/store/pouchdb';
const dataDir = mkdtempSync(path.join(tmpdir(), 'profc-'));
const store = await createStore({ dataDir, dbPrefix: 'p_', couchdbUrl: undefined });
const db = await store.db('captaciones');
for (let i = 0; i < 10000; i += 1000) await db.bulkDocs(Array.from({ length: 1000 }, (_, k) => ({ ...sampleCaptacion({ captacion: { asesor: 'a' + ((i + k) % 10) } }), _id: 'c' + (i + k) })));
async function walk(label: string, opts: any) {
  const c0 = process.cpuUsage(); const t0 = performance.now(); let since = '0'; let n = 0; let calls = 0;
  for (;;) { const r = await db.changes({ since, limit: 500, ...opts }); calls++; n += r.results.length; since = r.last_seq; if (r.results.length < 500) break; }
  const c = process.cpuUsage(c0); console.log(label, Math.round(performance.now() - t0), 'ms wall', Math.round((c.user + c.system) / 1000), 'ms cpu', n, 'rows', calls, 'calls');
}
for (let k = 0; k < 3; k++) {
await walk('plain', {});
await walk('include_docs', { include_docs: true });
await walk('selector type', { selector: { type: 'captacion' } });
await walk('selector+docs', { selector: { type: 'captacion' }, include_docs: true });
await walk('selector+docs all_docs', { selector: { type: 'captacion' }, include_docs: true, style: 'all_docs' });
await walk('selector asesor', { selector: { type: 'captacion', 'captacion.asesor': 'a1' }, include_docs: true });
}
process.exit(0);
