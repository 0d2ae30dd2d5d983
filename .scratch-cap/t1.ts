import { createStore } from '../sync-server/src/store/index';
import { deployDesignDocs, warmIndexes } from '../sync-server/src/store/deploy';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { captacionesSelector, CAPTACIONES_FECHA_DESC, CAPTACIONES_BY_FECHA } from '../couch-design/design-docs/index';
const N = Number(process.argv[2] ?? 10000);
const store = await createStore({ dataDir: process.env.DD ?? ':memory:', dbPrefix: 'x_' });
await deployDesignDocs(store);
const db = await store.db('captaciones');
console.log('info0', await db.info());
const base = sampleCaptacion({ captacion: { asesor: 'u1' } });
let t = performance.now();
for (let i = 0; i < N; i += 1000) {
  const docs = [];
  for (let j = i; j < Math.min(N, i + 1000); j++) docs.push({ ...base, _id: `c${j}`, propietario: { ...base.propietario, nombre: `Dueño ${j}` }, captacion: { ...base.captacion, asesor: `u${j % 20}`, fecha: new Date(Date.UTC(2020, 0, 1) + j * 60000).toISOString() } });
  await db.bulkDocs(docs);
}
console.log('load', performance.now() - t); t = performance.now();
console.log('info', await db.info());
await warmIndexes(store);
console.log('warm', performance.now() - t);
for (let k = 0; k < 3; k++) {
  t = performance.now();
  const r = await db.find({ selector: captacionesSelector(), sort: CAPTACIONES_FECHA_DESC, limit: 10, use_index: [CAPTACIONES_BY_FECHA.ddoc, CAPTACIONES_BY_FECHA.name] });
  console.log('page1', performance.now() - t, r.docs.length, r.docs[0]._id);
}
t = performance.now();
const r2 = await db.find({ selector: { ...captacionesSelector(), 'propietario.nombre': { $regex: '(?:[eE]|é)ño 99' } }, sort: CAPTACIONES_FECHA_DESC, fields: ['_id'], limit: 10_000_000, use_index: [CAPTACIONES_BY_FECHA.ddoc, CAPTACIONES_BY_FECHA.name] });
console.log('search', performance.now() - t, r2.docs.length);
t = performance.now();
const r3 = await db.find({ selector: { 'captacion.asesor': 'u3', 'captacion.fecha': { $gt: null } }, fields: ['_id'], limit: 10_000_000 });
console.log('count asesor', performance.now() - t, r3.docs.length);
t = performance.now();
let since = '0'; let n = 0;
for (;;) {
  const ch = await db.changes({ since, limit: 2000, include_docs: true });
  n += ch.results.length; since = ch.last_seq;
  if (ch.results.length < 2000) break;
}
console.log('changes all', performance.now() - t, n);
t = performance.now();
const ch2 = await db.changes({ since, include_docs: true });
console.log('changes none', performance.now() - t, ch2.results.length);
t = performance.now(); await db.info(); console.log('info', performance.now() - t);
