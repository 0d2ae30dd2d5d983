import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { localDb, remoteDb, signedIn } from '../sync-server/src/sync/test-client';
import { startGateway } from '../sync-server/src/testing/gateway';
import { PouchDB as ServerPouch } from '../sync-server/src/store/pouchdb';

const mode = process.argv[2] ?? 'both';
const dataDir = mkdtempSync(path.join(tmpdir(), 'prof-'));
let gw = await startGateway({ dataDir, dbPrefix: 'p_' });
const admin = await signedIn(gw, 'admin');
const db = await gw.store.db('captaciones');
for (let i = 0; i < 10000; i += 1000) await db.bulkDocs(Array.from({ length: 1000 }, (_, k) => ({ ...sampleCaptacion({ captacion: { asesor: 'a' + ((i + k) % 10) } }), _id: 'c' + (i + k) })));
await gw.close();
const copy = mkdtempSync(path.join(tmpdir(), 'prof-copy-'));
cpSync(dataDir, copy, { recursive: true });
gw = await startGateway({ dataDir, dbPrefix: 'p_' });
const cookie = (await gw.client().signIn(admin.client.cookie ? (await (await gw.store.db('usuarios')).get(admin.id)).email as string : '', 'Contraseña-segura-1')).cookie;
const src = new ServerPouch('p_captaciones', { adapter: 'leveldb', prefix: copy + path.sep });
const batch = Number(process.env.BATCH ?? 500);
async function pull(s: any) {
  const t = localDb();
  const t0 = performance.now(); const c0 = process.cpuUsage();
  await t.replicate.from(s, { batch_size: batch, batches_limit: 4 });
  const ms = performance.now() - t0; const c = process.cpuUsage(c0);
  await t.destroy();
  return `${Math.round(ms)} wall, ${Math.round((c.user + c.system) / 1000)} cpu`;
}
for (let r = 0; r < Number(process.env.RUNS ?? 3); r++) {
  if (mode !== 'direct') console.log('gw', await pull(remoteDb(gw.url, 'captaciones', cookie)));
  if (mode !== 'gw') console.log('direct', await pull(src));
}
process.exit(0);
