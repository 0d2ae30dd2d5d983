/**
 * The photos of a captación on this device (issue 22; docs/architecture.md section 3, "Fotos de las
 * captaciones"): the `fotos` database holds, per photo, `foto:<captación>:<uuid>` (data and the
 * thumbnail, which every device in scope pulls) and `foto-original:<captación>:<uuid>` (the
 * full-size image, pushed by the device that took it). Others (the PDF, the bench) read a
 * captación's photos by allDocs with the `foto:<captación>:` prefix: keep that scheme.
 *
 * Removing deletes only the `foto` (the gateway deletes its original: `deletedWith`, fotos/entity.ts),
 * plus the original if it is still on this device, so an original never goes up without its photo.
 * Reordering and the cover are edits of the `foto` documents; one cover per captación is kept here.
 */
import { FOTO } from '../../../../../couch-design/fotos/entity';
import {
  FOTO_ORIGINAL_TYPE,
  FOTO_TYPE,
  fotoId,
  fotoOriginalId,
  MAX_FOTOS_POR_CAPTACION,
  parseFotoId,
  type FotoDoc,
  type FotoMime,
} from '../../../../../couch-design/fotos/types';
import { isNotFound, localDatabase, type LocalDatabase } from '../../../lib/db';
import { asBlob, blobToBase64 } from './blobs';
import type { ResizedPhoto } from './resize';
import { ERROR_MAXIMO } from './texts';

export type StoredFoto = FotoDoc & { _rev: string };

const fotoPrefix = (captacionId: string): string => `${FOTO_TYPE}:${captacionId}:`;

/** The gallery's order: `orden`, then when it was taken, then the id (stable for equal ones). */
export function sortFotos<T extends Pick<FotoDoc, 'orden' | 'tomada' | '_id'>>(fotos: readonly T[]): T[] {
  return [...fotos].sort((a, b) => a.orden - b.orden || a.tomada.localeCompare(b.tomada) || a._id.localeCompare(b._id));
}

/** The cover: the one marked, or else the first in order (a cover deleted on another device). */
export function coverOf<T extends Pick<FotoDoc, 'orden' | 'tomada' | '_id' | 'portada'>>(fotos: readonly T[]): T | null {
  return fotos.find((f) => f.portada) ?? sortFotos(fotos)[0] ?? null;
}

/** The `foto` documents of one captación in `db`, by their id prefix (never a scan of the database). */
export async function fotosIn(db: LocalDatabase, captacionId: string): Promise<StoredFoto[]> {
  const prefix = fotoPrefix(captacionId);
  const res = await db.allDocs<FotoDoc>({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
  const docs = res.rows.flatMap((r) => ('doc' in r && r.doc ? [r.doc as StoredFoto] : []));
  // `foto:a:` is also the prefix of a captación `a:b`'s photos: keep only this captación's.
  return sortFotos(docs.filter((d) => d.type === FOTO_TYPE && parseFotoId(d._id)?.captacionId === captacionId));
}

export async function listFotos(captacionId: string): Promise<StoredFoto[]> {
  return fotosIn(await localDatabase(FOTO.database), captacionId);
}

/** The thumbnail of a photo, or null when this device does not have it (yet). */
export async function readMiniatura(id: string): Promise<Blob | null> {
  const db = await localDatabase(FOTO.database);
  try {
    return asBlob(await db.getAttachment(id, 'miniatura'), 'image/jpeg');
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Thrown when the photos would pass MAX_FOTOS_POR_CAPTACION (the gateway refuses the 51st). */
export class TooManyFotosError extends Error {
  constructor() {
    super(ERROR_MAXIMO(MAX_FOTOS_POR_CAPTACION));
  }
}

export interface NewFoto extends ResizedPhoto {
  uuid?: string;
  /** When it was taken; now by default. */
  tomada?: string;
}

const attachment = async (blob: Blob, mime: FotoMime) => ({ content_type: mime, data: await blobToBase64(blob) });

/**
 * Stores photos of a captación: each one's `foto` and `foto-original` with the same uuid, after
 * the ones it has. The first photo of a captación becomes its cover. One `bulkDocs`: the photos
 * are written together or the error says which failed.
 */
export async function addFotos(captacionId: string, photos: readonly NewFoto[], now = new Date()): Promise<StoredFoto[]> {
  if (photos.length === 0) return [];
  const db = await localDatabase(FOTO.database);
  const current = await fotosIn(db, captacionId);
  if (current.length + photos.length > MAX_FOTOS_POR_CAPTACION) throw new TooManyFotosError();
  let orden = current.reduce((max, f) => Math.max(max, f.orden + 1), 0);
  let needsCover = !current.some((f) => f.portada);
  const docs: object[] = [];
  const ids: string[] = [];
  for (const photo of photos) {
    const uuid = photo.uuid ?? crypto.randomUUID();
    const foto: Omit<FotoDoc, '_rev'> & { _attachments: object } = {
      _id: fotoId(captacionId, uuid),
      type: FOTO_TYPE,
      captacion_id: captacionId,
      orden: orden++,
      portada: needsCover,
      ancho: photo.ancho,
      alto: photo.alto,
      bytes: photo.original.size,
      mime: photo.mime,
      tomada: photo.tomada ?? now.toISOString(),
      _attachments: { miniatura: await attachment(photo.miniatura, photo.mime) },
    };
    needsCover = false;
    // The original first: in the push (by sequence) a photo's thumbnail never goes up before the image.
    docs.push({
      _id: fotoOriginalId(captacionId, uuid),
      type: FOTO_ORIGINAL_TYPE,
      captacion_id: captacionId,
      _attachments: { original: await attachment(photo.original, photo.mime) },
    });
    docs.push(foto);
    ids.push(foto._id);
  }
  const results = await db.bulkDocs(docs);
  const failed = results.find((r) => 'error' in r && r.error);
  if (failed) throw new Error(`No se pudo guardar la foto: ${(failed as { message?: string }).message ?? 'error'}`);
  const stored = await fotosIn(db, captacionId);
  return stored.filter((f) => ids.includes(f._id));
}

/** Deletes a photo: its `foto` (the tombstone keeps the owner fields), and its original if still here. */
export async function removeFoto(foto: StoredFoto): Promise<void> {
  const db = await localDatabase(FOTO.database);
  const parsed = parseFotoId(foto._id);
  const rest = (await fotosIn(db, foto.captacion_id)).filter((f) => f._id !== foto._id);
  const { _attachments: _a, ...body } = foto as StoredFoto & { _attachments?: unknown };
  void _a;
  const writes: object[] = [{ ...body, _deleted: true }];
  // The cover leaves with it: the first remaining photo takes its place.
  if (foto.portada && rest.length && !rest.some((f) => f.portada)) writes.push({ ...rest[0], portada: true });
  if (parsed) {
    try {
      const original = await db.get(fotoOriginalId(parsed.captacionId, parsed.uuid));
      writes.push({ _id: original._id, _rev: original._rev, type: FOTO_ORIGINAL_TYPE, captacion_id: foto.captacion_id, _deleted: true });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  await writeAll(db, writes);
}

async function writeAll(db: LocalDatabase, docs: object[]): Promise<void> {
  if (!docs.length) return;
  const results = await db.bulkDocs(docs);
  const failed = results.find((r) => 'error' in r && r.error);
  if (failed) throw Object.assign(new Error((failed as { message?: string }).message ?? 'error'), { status: (failed as { status?: number }).status });
}

/** The edits that put `ordered` in that order (0, 1, 2...): only the photos whose `orden` changes. */
export function renumber(ordered: readonly StoredFoto[]): StoredFoto[] {
  return ordered.flatMap((f, i) => (f.orden === i ? [] : [{ ...f, orden: i }]));
}

/** Moves a photo `delta` places (-1: before, +1: after) in its captación's gallery. */
export async function moveFoto(foto: StoredFoto, delta: number): Promise<void> {
  const db = await localDatabase(FOTO.database);
  const list = await fotosIn(db, foto.captacion_id);
  const from = list.findIndex((f) => f._id === foto._id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  await writeAll(db, renumber(list));
}

/** The edits that make `id` the only cover. */
export function coverEdits(fotos: readonly StoredFoto[], id: string): StoredFoto[] {
  return fotos.flatMap((f) => ((f._id === id) === f.portada ? [] : [{ ...f, portada: f._id === id }]));
}

/** Marks a photo as the cover ('Portada'), and unmarks the one that was. */
export async function setPortada(foto: StoredFoto): Promise<void> {
  const db = await localDatabase(FOTO.database);
  await writeAll(db, coverEdits(await fotosIn(db, foto.captacion_id), foto._id));
}
