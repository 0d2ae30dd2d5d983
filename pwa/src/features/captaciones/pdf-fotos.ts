/**
 * The photos of the captación PDF made on the device (issue 22 item 5), from the device's `fotos`
 * database: the same choice and drawing as the gateway's (couch-design/pdf/fotos.ts), read here.
 * Thumbnails are on the device for every captación in scope; the cover's original only for the
 * photos taken here and not yet purged, so the cover is otherwise drawn from its thumbnail.
 * A WebP (the PWA stores JPEG, but a REST client may send WebP) is turned into a JPEG by the
 * browser's own decoder: the shared drawing leaves WebP as a note (its JavaScript decoder is slow).
 */
import { FOTO } from '../../../../couch-design/fotos/entity';
import { FOTO_ATTACHMENT, FOTO_TYPE, FOTO_TYPES, fotoOriginalId, ORIGINAL_LADO, parseFotoId, type FotoDoc } from '../../../../couch-design/fotos/types';
import { checkImage } from '../../../../couch-design/image-check';
import type { PdfFotos } from '../../../../couch-design/pdf';
import { getLocalDb, isNotFound, type LocalDatabase } from '../../lib/db';

/** PouchDB gives a Blob in the browser and a Buffer in Node; jsPDF wants the bytes. */
async function bytesOf(data: unknown): Promise<Uint8Array | null> {
  if (data instanceof Uint8Array) return data;
  if (data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  return null;
}

/**
 * A WebP as a JPEG, decoded and encoded by the browser; anything else (or where there is no
 * canvas: Node) as it is. An image whose header promises more than a stored original may be (a
 * decompression bomb stored before the gateway's limits) is never decoded: null, a box in the PDF.
 */
export async function webpAsJpeg(bytes: Uint8Array): Promise<Uint8Array | null> {
  const checked = checkImage(bytes, FOTO_TYPES, { maxSide: ORIGINAL_LADO, plain: true });
  if (!checked.ok) return null;
  if (checked.image.type !== 'image/webp' || typeof createImageBitmap === 'undefined' || typeof OffscreenCanvas === 'undefined') return bytes;
  const bitmap = await createImageBitmap(new Blob([bytes.slice()], { type: 'image/webp' }));
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return bytes;
    // JPEG has no transparency: white behind, as the PWA's resize does.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, bitmap.width, bitmap.height);
    ctx.drawImage(bitmap, 0, 0);
    return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })).arrayBuffer());
  } finally {
    bitmap.close();
  }
}

async function attachment(db: LocalDatabase, id: string, name: string): Promise<Uint8Array | null> {
  try {
    const bytes = await bytesOf(await db.getAttachment(id, name));
    return bytes && (await webpAsJpeg(bytes));
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/**
 * Reads only the `foto` documents of one captación (their ids start with `foto:<captación>:`),
 * without attachments: a captación may hold 50 thumbnails and the PDF reads the seven it shows.
 * `foto:X:` is also the start of a captación `X:algo`'s photos: only ids whose captación is
 * exactly this one are kept, so another captación cannot put its photos in this PDF.
 */
export async function localPdfFotos(db: LocalDatabase, captacionId: string): Promise<PdfFotos> {
  const prefix = `${FOTO_TYPE}:${captacionId}:`;
  const { rows } = await db.allDocs<FotoDoc>({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
  const fotos = rows.flatMap((r) => {
    const parsed = r.doc && r.doc.type === FOTO_TYPE ? parseFotoId(r.doc._id) : null;
    return r.doc && parsed?.kind === FOTO_TYPE && parsed.captacionId === captacionId ? [{ doc: r.doc, uuid: parsed.uuid }] : [];
  });
  const uuids = new Map(fotos.map((f) => [f.doc._id, f.uuid]));
  // couch-design/pdf loads only when a PDF is made (its index.ts says why).
  const { loadPdfFotos } = await import('../../../../couch-design/pdf');
  return loadPdfFotos(fotos.map((f) => f.doc), (foto, kind) => {
    const uuid = uuids.get(foto._id) ?? '';
    return kind === 'original'
      ? attachment(db, fotoOriginalId(captacionId, uuid), FOTO_ATTACHMENT['foto-original'])
      : attachment(db, foto._id, FOTO_ATTACHMENT.foto);
  });
}

/** The photos of the signed-in person's device; none when they cannot be read, so the record still prints. */
export async function deviceFotosForPdf(captacionId: string): Promise<PdfFotos | undefined> {
  try {
    return await localPdfFotos(getLocalDb(FOTO.database), captacionId);
  } catch {
    return undefined;
  }
}
