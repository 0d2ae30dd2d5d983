/**
 * Part 4 of the photos bench: 20 photos taken on a tablet go up over a 1.6 Mbit/s link that is cut
 * for 10 s halfway. The device's PouchDB (memory adapter, the PWA's push settings: batches of
 * FOTOS_BATCH_SIZE, checkpoints kept on the device) pushes `fotos` through the link (link.ts); a
 * failed push is started again a second later, as the PWA's sync does after a network error. What
 * counts: the upload completes (every document on the gateway) and no document reaches the
 * gateway twice (the ids of every `_bulk_docs` the gateway answered, as the link saw them).
 */
import { randomUUID } from 'node:crypto';
import { FOTOS_BATCH_SIZE } from '../../couch-design/fotos/types';
import type { TestGateway } from '../../sync-server/src/testing/gateway';
import { localDb, remoteDb } from '../../sync-server/src/testing/pouch-client';
import { PUSH_CHECKPOINT } from '../../pwa/src/lib/sync/checkpoints';
import { captacion } from '../sync';
import { photoDocs, uniqueJpeg, type Imagen } from './docs';
import { startLink } from './link';
import { FOTO } from '../../couch-design/fotos/entity';

export const LINK_BITS_PER_S = 1_600_000;
export const CUT_MS = 10_000;
const RETRY_MS = 1_000;

export interface UploadFigures {
  photos: number;
  seconds: number;
  payloadBytes: number;
  upBytes: number;
  attempts: number;
  stored: number;
  expected: number;
  sentTwice: number;
  cutAtBytes: number;
}

export async function uploadOverCutLink(gw: TestGateway, images: readonly Imagen[], photos = 20): Promise<UploadFigures> {
  const adviser = await gw.createUser({ role: 'user', prim_nom: 'Rosa', apell_pa: 'Pérez', apell_ma: 'Luna' });
  const { cookie } = await gw.client().signIn(adviser.email, adviser.password);
  const capId = `cap-subida-${randomUUID().slice(0, 8)}`;
  // The captación is already on the gateway (text goes before photos); not timed.
  const text = localDb();
  await text.put(captacion(capId, 1, adviser.id, { nombre: 'Rosa Pérez Luna', email: adviser.email }) as never);
  await text.replicate.to(remoteDb(gw.url, 'captaciones', cookie), { retry: false });
  await text.destroy();

  const docs = Array.from({ length: photos }, (_, n) => {
    const img = images[n % images.length];
    return photoDocs(capId, `s${n}`, n, adviser.id, { original: uniqueJpeg(img.original, `subida ${n}`), miniatura: uniqueJpeg(img.miniatura, `subida ${n}`) });
  }).flat();
  const payloadBytes = docs.reduce((n, d) => n + JSON.stringify(d).length, 0);
  const device = localDb();
  await device.bulkDocs(docs as never);

  const link = await startLink(gw.url, LINK_BITS_PER_S);
  let cutAtBytes = 0;
  link.onUp = (up) => {
    if (cutAtBytes === 0 && up >= payloadBytes / 2) {
      cutAtBytes = up;
      link.cut(CUT_MS);
    }
  };
  let attempts = 0;
  const t0 = performance.now();
  try {
    for (;;) {
      attempts++;
      try {
        await device.replicate.to(remoteDb(link.url, 'fotos', cookie), { batch_size: FOTOS_BATCH_SIZE, retry: false, ...PUSH_CHECKPOINT });
        break;
      } catch (e) {
        if (process.env.BENCH_VERBOSE) console.error(`[bench fotos] intento ${attempts} falló a los ${((performance.now() - t0) / 1000).toFixed(1)} s (${link.counts.up} bytes subidos): ${String(e).slice(0, 80)}`);
        if (performance.now() - t0 > 10 * 60_000) throw new Error('La subida no terminó en 10 minutos', { cause: e });
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const fotosDb = await gw.store.db(FOTO.database);
    let stored = 0;
    for (const d of docs) {
      try {
        await fotosDb.get(d._id);
        stored++;
      } catch {
        // missing: counted by `stored` < `expected`
      }
    }
    const seen = new Map<string, number>();
    for (const id of link.counts.bulkDocIds) seen.set(id, (seen.get(id) ?? 0) + 1);
    const sentTwice = [...seen.values()].filter((n) => n > 1).length;
    return { photos, seconds, payloadBytes, upBytes: link.counts.up, attempts, stored, expected: docs.length, sentTwice, cutAtBytes };
  } finally {
    await link.close();
    await device.destroy();
  }
}
