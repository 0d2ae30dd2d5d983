/**
 * Part 3 of the photos bench: the initial sync of 1,000 captaciones with 5 photos each to a new
 * tablet, thumbnails only. The data goes in as devices put it there: an adviser's PouchDB client
 * pushes the captaciones through `/db/captaciones` and then the photos through `/db/fotos`, where
 * the write policy checks every image (all must be accepted). The full-size originals on the
 * gateway are stand-ins of a few hundred bytes: a pull never brings one (the scope's selector
 * takes only `foto`), so their size changes nothing measured, and 5,000 real ones (1.5 GB) would
 * only make the loading long. Then a new PouchDB client, through a counting proxy (link.ts),
 * pulls `captaciones` and then `fotos` with the PWA's batch sizes and its thumbnails inline in each
 * batch's `_bulk_get` (pwa/src/lib/sync/inline-attachments.ts); beside it, in the same run, the
 * photos pulled the way PouchDB does alone: each thumbnail a request of its own, in batches of
 * FOTOS_BATCH_SIZE, as the PWA did before issue 34.
 */
import { randomUUID } from 'node:crypto';
import { FOTOS_BATCH_SIZE, FOTOS_PULL_BATCH_SIZE } from '../../couch-design/fotos/types';
import type { LocalDatabase } from '../../pwa/src/lib/db/pouch';
import { withInlineAttachments } from '../../pwa/src/lib/sync/inline-attachments';
import { JPEG_2X2 } from '../../couch-design/testing/images';
import type { StoreDoc } from '../../sync-server/src/store/port';
import type { TestGateway } from '../../sync-server/src/testing/gateway';
import { localDb, remoteDb, type ClientDb } from '../../sync-server/src/testing/pouch-client';
import { PULL_CHECKPOINT } from '../../pwa/src/lib/sync/checkpoints';
import { captacion, PWA_BATCH } from '../sync';
import { photoDocs, uniqueJpeg, type Imagen } from './docs';
import { startLink } from './link';

export interface SyncFigures {
  captaciones: number;
  fotos: number;
  captacionesSeconds: number;
  fotosSeconds: number;
  fotosRequests: number;
  captacionesBytes: number;
  fotosBytes: number;
  /** The same photos pulled as PouchDB alone does (each thumbnail a request), in the same run. */
  alone: { seconds: number; bytes: number; requests: number };
  thumbnailBytes: number;
  loadSeconds: number;
}

async function pushAll(docs: StoreDoc[], target: ClientDb, batch: number, what: string): Promise<void> {
  const local = localDb();
  try {
    for (let i = 0; i < docs.length; i += 500) await local.bulkDocs(docs.slice(i, i + 500) as never);
    const r = await local.replicate.to(target, { batch_size: batch, retry: false });
    if (r.docs_written !== docs.length) throw new Error(`${what}: la pasarela aceptó ${r.docs_written} de ${docs.length} (${JSON.stringify(r.errors.slice(0, 2))})`);
  } finally {
    await local.destroy();
  }
}

async function pull(url: string, name: string, cookie: string, batch: number, inline = false): Promise<{ seconds: number; bytes: number; requests: number; docs: number; db: ClientDb }> {
  const link = await startLink(url);
  const db = localDb();
  try {
    const t0 = performance.now();
    const source = remoteDb(link.url, name, cookie);
    await db.replicate.from(inline ? (withInlineAttachments(source as unknown as LocalDatabase) as unknown as ClientDb) : source, { batch_size: batch, retry: false, ...PULL_CHECKPOINT });
    const seconds = (performance.now() - t0) / 1000;
    return { seconds, bytes: link.counts.up + link.counts.down, requests: link.counts.requests, docs: (await db.info()).doc_count, db };
  } finally {
    await link.close();
  }
}

export async function initialSync(gw: TestGateway, images: readonly Imagen[], captaciones = 1000, perCaptacion = 5): Promise<SyncFigures> {
  const adviser = await gw.createUser({ role: 'user', prim_nom: 'Laura', apell_pa: 'Gómez', apell_ma: 'Ruiz' });
  const { cookie } = await gw.client().signIn(adviser.email, adviser.password);
  const stamper = { nombre: 'Laura Gómez Ruiz', email: adviser.email };
  const run = randomUUID().slice(0, 6);
  const ids = Array.from({ length: captaciones }, (_, i) => `cap-fotos-${run}-${String(i).padStart(5, '0')}`);

  const t0 = performance.now();
  await pushAll(ids.map((id, i) => captacion(id, i, adviser.id, stamper)), remoteDb(gw.url, 'captaciones', cookie), PWA_BATCH, 'Captaciones');
  let thumbnailBytes = 0;
  const fotos: StoreDoc[] = [];
  ids.forEach((id, i) => {
    for (let k = 0; k < perCaptacion; k++) {
      const n = i * perCaptacion + k;
      const source = images[n % images.length];
      const miniatura = uniqueJpeg(source.miniatura, `${run} ${n}`);
      thumbnailBytes += miniatura.length;
      fotos.push(...photoDocs(id, `u${n}`, k, adviser.id, { miniatura, original: uniqueJpeg(Buffer.from(JPEG_2X2), `${run} ${n}`) }));
    }
  });
  // Larger batches than a tablet's only to load faster; the loading is not what is measured.
  await pushAll(fotos, remoteDb(gw.url, 'fotos', cookie), 100, 'Fotos');
  const loadSeconds = (performance.now() - t0) / 1000;

  // The new tablet: text first, then the photos, as the PWA orders them.
  const caps = await pull(gw.url, 'captaciones', cookie, PWA_BATCH);
  const ph = await pull(gw.url, 'fotos', cookie, FOTOS_PULL_BATCH_SIZE, true);
  const alone = await pull(gw.url, 'fotos', cookie, FOTOS_BATCH_SIZE);
  await alone.db.destroy();
  try {
    // Every thumbnail arrived with its photo (a stub without data would fail here).
    const sample = await ph.db.getAttachment(`foto:${ids[captaciones - 1]}:u${captaciones * perCaptacion - 1}`, 'miniatura');
    if (!(sample as Buffer).length) throw new Error('La miniatura no llegó');
    const originals = (await ph.db.allDocs({ startkey: 'foto-original:', endkey: 'foto-original:\ufff0' })).rows.length;
    if (originals !== 0) throw new Error(`La réplica trajo ${originals} originales`);
    return {
      captaciones: caps.docs,
      fotos: ph.docs,
      captacionesSeconds: caps.seconds,
      fotosSeconds: ph.seconds,
      fotosRequests: ph.requests,
      alone: { seconds: alone.seconds, bytes: alone.bytes, requests: alone.requests },
      captacionesBytes: caps.bytes,
      fotosBytes: ph.bytes,
      thumbnailBytes,
      loadSeconds,
    };
  } finally {
    await caps.db.destroy();
    await ph.db.destroy();
  }
}
