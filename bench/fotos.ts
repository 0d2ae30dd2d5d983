/**
 * Property photos bench (issue 22 item 6). Prints, asserts nothing:
 *  1. adding 10 photos from 12-megapixel camera files on a phone-class CPU: Chromium slowed 4×
 *     runs the PWA's own steps (fotos/browser.ts: `resizePhoto` per file, then `addFotos` into
 *     IndexedDB);
 *  2. the bytes stored per photo: its original and its thumbnail as the PWA encodes them, and what
 *     IndexedDB reports using for the ten;
 *  3. the initial sync of 1,000 captaciones with 5 photos each to a new tablet, thumbnails only:
 *     bytes on the wire (both ways, as sent: compressed) and seconds (fotos/initial-sync.ts);
 *  4. 20 photos uploaded over a 1.6 Mbit/s link cut for 10 s halfway: it completes, and no
 *     document reaches the gateway twice (fotos/upload.ts).
 * Parts 3 and 4 use the images part 1 made (each copy made unique), on a gateway in this process
 * on a fresh embedded store (LevelDB in a temporary folder, as deployed by default).
 * Alone: `npx tsx bench/fotos.ts`; in `npm run bench -- fotos`. FOTOS_CAPTACIONES=100 for a
 * smaller part 3.
 */
import './quiet-logs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGateway } from '../sync-server/src/testing/gateway';
import { addTenPhotos, THROTTLE } from './fotos/browser';
import type { Imagen } from './fotos/docs';
import { FOTOS_BATCH_SIZE, FOTOS_PULL_BATCH_SIZE } from '../couch-design/fotos/types';
import { initialSync } from './fotos/initial-sync';
import { CUT_MS, LINK_BITS_PER_S, uploadOverCutLink } from './fotos/upload';
import { report, type Row } from './row';
import { load1, progressOf } from './stats';

const CAPTACIONES = Number(process.env.FOTOS_CAPTACIONES ?? 1000);
const PER_CAPTACION = 5;
const PHOTOS = 10;
const UPLOAD_PHOTOS = 20;

const kb = (bytes: number): number => Math.round(bytes / 1024);
const mb = (bytes: number): number => Number((bytes / 1024 / 1024).toFixed(1));
const s = (seconds: number): number => Number(seconds.toFixed(1));
const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const progress = progressOf('fotos');

export async function benchFotos(): Promise<Row[]> {
  const loadStart = load1();
  progress(`1. ${PHOTOS} fotos de 12 MP en Chromium (CPU ${THROTTLE}× más lenta)`);
  const cam = await addTenPhotos(PHOTOS);
  const images: Imagen[] = cam.samples.map((x) => ({ original: Buffer.from(x.original, 'base64'), miniatura: Buffer.from(x.miniatura, 'base64') }));
  const rows: Row[] = [
    {
      name: `agregar ${PHOTOS} fotos de 12 MP (CPU ${THROTTLE}×)`,
      value: s(cam.totalMs / 1000),
      unit: 's',
      note: `archivos de cámara de 4000×3000 px y ${mb(avg(cam.cameraBytes))} MB en promedio; por foto, redimensionar ${s(avg(cam.resizeMs) / 1000)} s (la más lenta ${s(Math.max(...cam.resizeMs) / 1000)} s); guardar las ${PHOTOS} en IndexedDB ${s(cam.storeMs / 1000)} s. Pasos de la PWA: resizePhoto y addFotos (pwa/src/features/captaciones/fotos)`,
    },
    { name: 'original guardado por foto', value: kb(avg(cam.originals)), unit: 'KB', note: 'JPEG de 1600 px de lado mayor' },
    { name: 'miniatura guardada por foto', value: kb(avg(cam.miniaturas)), unit: 'KB', note: 'JPEG de 320 px' },
    {
      name: 'total guardado por foto (original + miniatura)',
      value: kb(avg(cam.originals) + avg(cam.miniaturas)),
      unit: 'KB',
      note: `IndexedDB informa ${kb((cam.storageAfter - cam.storageBefore) / PHOTOS)} KB por foto (navigator.storage.estimate: lo que ocupan en IndexedDB los documentos, los adjuntos y los índices de PouchDB)`,
    },
  ];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'inmo-bench-fotos-'));
  const gw = await startGateway({ dataDir, wholeScopeOnDevices: true });
  try {
    progress(`3. carga de ${CAPTACIONES} captaciones con ${PER_CAPTACION} fotos y réplica inicial a una tableta nueva`);
    const sync = await initialSync(gw, images, CAPTACIONES, PER_CAPTACION);
    const total = sync.captacionesBytes + sync.fotosBytes;
    rows.push(
      {
        name: `réplica inicial: ${CAPTACIONES} captaciones y ${CAPTACIONES * PER_CAPTACION} miniaturas, tiempo`,
        value: s(sync.captacionesSeconds + sync.fotosSeconds),
        unit: 's',
        note: `captaciones ${s(sync.captacionesSeconds)} s (${sync.captaciones} documentos), fotos ${s(sync.fotosSeconds)} s (${sync.fotos} documentos, lotes de ${FOTOS_PULL_BATCH_SIZE} con sus miniaturas, como la PWA); la carga previa por la pasarela tomó ${s(sync.loadSeconds)} s y no se mide`,
      },
      {
        name: 'réplica inicial de las fotos: peticiones',
        value: sync.fotosRequests,
        unit: 'peticiones',
        note: `cada miniatura en el _bulk_get de su lote; en la misma corrida, como PouchDB solo (una petición por miniatura, lotes de ${FOTOS_BATCH_SIZE}): ${sync.alone.requests} peticiones, ${s(sync.alone.seconds)} s, ${mb(sync.alone.bytes)} MB`,
      },
      {
        name: 'réplica inicial: bytes en la red',
        value: mb(total),
        unit: 'MB',
        note: `captaciones ${mb(sync.captacionesBytes)} MB, fotos ${mb(sync.fotosBytes)} MB para ${mb(sync.thumbnailBytes)} MB de miniaturas (ambos sentidos, cabeceras incluidas, tal como viajan); ningún original bajó`,
      },
    );

    progress(`4. subida de ${UPLOAD_PHOTOS} fotos a ${LINK_BITS_PER_S / 1e6} Mbit/s con un corte de ${CUT_MS / 1000} s`);
    const up = await uploadOverCutLink(gw, images, UPLOAD_PHOTOS);
    rows.push(
      {
        name: `subida de ${UPLOAD_PHOTOS} fotos a ${LINK_BITS_PER_S / 1e6} Mbit/s con corte de ${CUT_MS / 1000} s`,
        value: s(up.seconds),
        unit: 's',
        note: `${up.stored} de ${up.expected} documentos en la pasarela, ${up.attempts} intentos de réplica, corte al llegar a ${mb(up.cutAtBytes)} MB de ${mb(up.payloadBytes)} MB; el enlace solo, sin la pasarela, ya pide ${s((up.upBytes * 8) / LINK_BITS_PER_S + CUT_MS / 1000)} s (lo subido a ${LINK_BITS_PER_S / 1e6} Mbit/s más el corte)`,
      },
      { name: 'subida: documentos recibidos dos veces', value: up.sentTwice, unit: 'documentos', target: '0' },
      { name: 'subida: bytes enviados / bytes de los documentos', value: Number((up.upBytes / up.payloadBytes).toFixed(2)), unit: '×', note: 'lo que pasa de 1 es la parte del lote cortado que se reenvía, más cabeceras y consultas' },
    );
  } finally {
    await gw.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Other work on the two cores stretches every wall-clock figure here: say how busy the machine was.
  rows.push({ name: 'carga media de 1 min de la máquina al terminar', value: load1(), unit: 'procesos', note: `${loadStart} al empezar; en 2 núcleos, todo lo que pase de 2 estira los tiempos de arriba` });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(report((await benchFotos()).map((r) => ({ bench: 'fotos', ...r }))));
}
