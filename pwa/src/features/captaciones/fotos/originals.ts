/**
 * The full-size photo behind a thumbnail (issue 22 item 3). A device never pulls originals (a
 * scope of 5,000 captaciones would be gigabytes); when a person opens a photo it comes from, in
 * turn: the local-only store of originals opened before (`originales`, never replicated, wiped at
 * sign-out with the rest), the device's own `foto-original` not yet synced (or not purged yet),
 * or the gateway (`GET /db/fotos/<id>/original`, the person's scope), and is then kept locally.
 */
import { FOTO } from '../../../../../couch-design/fotos/entity';
import { FOTO_ATTACHMENT, fotoOriginalId } from '../../../../../couch-design/fotos/types';
import { isNotFound, localDatabase, localOnlyDatabase, type LocalDatabase } from '../../../lib/db';
import { asBlob, blobToBase64 } from './blobs';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

const ATT = FOTO_ATTACHMENT['foto-original'];

/** The original is not on this device and the gateway could not be reached. */
export class OriginalOfflineError extends Error {}
/** The gateway answered, but without the photo (not found, out of scope, an error). */
export class OriginalMissingError extends Error {}

async function attachmentOf(db: LocalDatabase, id: string, type: string): Promise<Blob | null> {
  try {
    return asBlob(await db.getAttachment(id, ATT), type);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export interface OriginalSource {
  /** Where the gateway lives (default: this page's origin). */
  origin?: string;
  fetch?: FetchFn;
}

const browserFetch: FetchFn = (url, init) => globalThis.fetch(url, { ...init, credentials: 'include' });

export async function loadOriginal(captacionId: string, uuid: string, mime: string, source: OriginalSource = {}): Promise<Blob> {
  const id = fotoOriginalId(captacionId, uuid);
  const kept = await localOnlyDatabase('originales');
  const cached = await attachmentOf(kept, id, mime);
  if (cached) return cached;
  const own = await attachmentOf(await localDatabase(FOTO.database), id, mime);
  if (own) return own;

  const origin = source.origin ?? (typeof location === 'undefined' ? '' : location.origin);
  let res: Response;
  try {
    res = await (source.fetch ?? browserFetch)(`${origin}/db/fotos/${encodeURIComponent(id)}/${ATT}`);
  } catch {
    throw new OriginalOfflineError();
  }
  if (!res.ok) throw new OriginalMissingError(`HTTP ${res.status}`);
  const blob = await res.blob();
  const typed = blob.type ? blob : new Blob([blob], { type: mime });
  await keep(id, typed);
  return typed;
}

/** Keeps a fetched original for next time; a failure to keep (storage full) still shows it. */
async function keep(id: string, blob: Blob): Promise<void> {
  try {
    const db = await localOnlyDatabase('originales');
    await db.put({ _id: id, _attachments: { [ATT]: { content_type: blob.type || 'image/jpeg', data: await blobToBase64(blob) } } });
  } catch (err) {
    if ((err as { status?: number }).status !== 409) console.warn('No se pudo conservar la foto en el dispositivo.', err);
  }
}
