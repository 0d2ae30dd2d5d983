/**
 * The scale bench's data, put in as devices put it: each adviser's PouchDB client, signed in as
 * that adviser, pushes their captaciones through `/db/captaciones` and then their photos through
 * `/db/fotos`, where the write policies decide every document (the loading fails unless every one
 * was accepted); an administrator's client pushes the captaciones assigned to the supervisors.
 * Nothing is written straight into the store. LOAD_CONCURRENCY advisers push at a time.
 *
 * Thumbnails are 320 × 240 JPEGs of about 20 KB (what the PWA's resizer makes, fotos/resize.ts),
 * made here from noise with sharp and each made unique (bench/fotos/docs.ts); the originals are
 * stand-ins of a few hundred bytes, as in bench/fotos/initial-sync.ts: a pull never brings one.
 */
import sharp from 'sharp';
import { MINIATURA_LADO } from '../../couch-design/fotos/types';
import { JPEG_2X2 } from '../../couch-design/testing/images';
import type { StoreDoc } from '../../sync-server/src/store/port';
import { PUSH_CHECKPOINT } from '../../pwa/src/lib/sync/checkpoints';
import { localDb, remoteDb, type ClientDb } from '../../sync-server/src/testing/pouch-client';
import { signIn, type Account } from '../load/accounts';
import { photoDocs, uniqueJpeg } from '../fotos/docs';
import { captacion, PWA_BATCH, stamperOf } from '../sync';
import { ADVISERS, capId, PHOTOS_PER, type People, type Plan } from './plan';

const LOAD_CONCURRENCY = 4;
/**
 * Photos per `_bulk_docs` of the loading: the PWA sends FOTOS_BATCH_SIZE because its originals
 * weigh up to 2 MB; with stand-ins, this many thumbnails make a body of about 1.4 MB.
 */
const FOTOS_LOAD_BATCH = 50;
/** A push the gateway could not take (a 503 while CouchDB is slow to answer) is tried again, as a device does. */
const PUSH_ATTEMPTS = 6;
/**
 * Different pictures, every photo one of them with a comment of its own: more than a pull's batch
 * of photos (FOTOS_PULL_BATCH_SIZE), taken in turn, so no compressed answer holds one twice and
 * the bytes on the wire are a device's.
 */
const PICTURES = 400;
const BACKGROUNDS = ['#9ab', '#b97', '#7a8', '#ccb', '#889', '#a87', '#6a9', '#bbc'];

export interface LoadFigures {
  seconds: number;
  captaciones: number;
  fotos: number;
  /** Mean bytes of a thumbnail. */
  thumbnailBytes: number;
}

/** Pictures of the size and weight of the PWA's thumbnails (sharp's noise differs on every call). */
async function pictures(): Promise<Buffer[]> {
  const width = MINIATURA_LADO;
  const height = (MINIATURA_LADO * 3) / 4;
  return Promise.all(
    Array.from({ length: PICTURES }, async (_, k) => {
      const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 + (k % BACKGROUNDS.length) } } }).png().toBuffer();
      return sharp({ create: { width, height, channels: 3, background: BACKGROUNDS[k % BACKGROUNDS.length] } }).composite([{ input: noise, blend: 'overlay' }]).jpeg({ quality: 75 }).toBuffer();
    }),
  );
}

/** Each person signs in from an address of their own (the gateway trusts one proxy hop): the sign-in limit is per attacker, not per sales team. */
const addressOf = (n: number): string => `10.34.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/**
 * One person's documents pushed through the gateway by a client that keeps them and its
 * checkpoint: a push the gateway answers 5xx (while CouchDB is slow) is started again after a
 * wait, as a device does, and goes on from where it stopped (what is already there is skipped).
 * The loading fails on any refusal, and unless the last push went through whole.
 */
async function pushAll(target: () => ClientDb, docs: StoreDoc[], what: string, batch: number, progress: (line: string) => void): Promise<void> {
  const local = localDb();
  try {
    for (let i = 0; i < docs.length; i += 1000) await local.bulkDocs(docs.slice(i, i + 1000) as never);
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await local.replicate.to(target(), { batch_size: batch, retry: false, ...PUSH_CHECKPOINT });
        if (r.doc_write_failures === 0) return;
        throw new Error(`${what}: ${r.doc_write_failures} documentos rechazados (${r.errors.slice(0, 3).map((e) => JSON.stringify(e)).join('; ')})`);
      } catch (e) {
        const status = (e as { status?: number }).status ?? 0;
        if (status < 500 || attempt >= PUSH_ATTEMPTS) throw e;
        progress(`${what}: la pasarela respondió ${status} (${(e as Error).message}); intento ${attempt + 1} de ${PUSH_ATTEMPTS}`);
        await new Promise((r) => setTimeout(r, 1_000 * 2 ** attempt));
      }
    }
  } finally {
    await local.destroy();
  }
}

async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

export async function loadThroughGateway(url: string, plan: Plan, people: People, progress: (line: string) => void): Promise<LoadFigures> {
  const t0 = performance.now();
  const images = await pictures();
  let captaciones = 0;
  let fotos = 0;
  let made = 0;
  let thumbnailBytes = 0;
  const said = () => {
    const s = (performance.now() - t0) / 1000;
    progress(`${captaciones.toLocaleString('es-MX')} de ${plan.total.toLocaleString('es-MX')} captaciones y ${fotos.toLocaleString('es-MX')} fotos por la pasarela en ${s.toFixed(0)} s (${Math.round(captaciones / s)} captaciones/s)`);
  };

  /** One person's captaciones (and photos), pushed by `by`'s client. */
  const pushAs = async (by: Account, address: number, indices: number[]) => {
    const cookie = await signIn(url, by.email, addressOf(address));
    const docs = indices.map((i) => captacion(capId(i), i, plan.adviserOf(i, people).id, stamperOf(by)));
    await pushAll(() => remoteDb(url, 'captaciones', cookie), docs, `Captaciones de ${by.email}`, PWA_BATCH, progress);
    captaciones += docs.length;
    const photos: StoreDoc[] = [];
    for (const i of indices) {
      if (!plan.hasPhotos(i)) continue;
      for (let k = 0; k < PHOTOS_PER; k++) {
        const tag = `${i} ${k}`;
        const miniatura = uniqueJpeg(images[made++ % images.length], tag);
        thumbnailBytes += miniatura.length;
        photos.push(...photoDocs(capId(i), `e${i}-${k}`, k, by.id, { miniatura, original: uniqueJpeg(Buffer.from(JPEG_2X2), tag) }));
      }
    }
    if (photos.length) await pushAll(() => remoteDb(url, 'fotos', cookie), photos, `Fotos de ${by.email}`, FOTOS_LOAD_BATCH, progress);
    fotos += photos.length / 2;
    said();
  };

  await pool(people.advisers.map((a, k) => k), LOAD_CONCURRENCY, (k) => pushAs(people.advisers[k], 1 + k, plan.indicesOf(k)));
  const assigned = people.supervisors.flatMap((_, s) => plan.indicesOf(ADVISERS + s));
  await pushAs(people.admin, 0, assigned);
  return { seconds: (performance.now() - t0) / 1000, captaciones, fotos, thumbnailBytes: fotos ? thumbnailBytes / fotos : 0 };
}
