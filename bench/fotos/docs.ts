import { checkImage } from '../../couch-design/image-check';
import { FOTO_TYPES } from '../../couch-design/fotos/types';
/**
 * The photo documents the bench pushes, shaped as the PWA's `addFotos` writes them (original
 * first, then its `foto` with the thumbnail), from the images Chromium made. Each copy of an image
 * gets a JPEG comment of its own, so no two photos share bytes: stores and replication keep one
 * copy of identical attachments, and real photos never are identical.
 */
import { FOTO_ORIGINAL_TYPE, FOTO_TYPE, fotoId, fotoOriginalId } from '../../couch-design/fotos/types';
import type { StoreDoc } from '../../sync-server/src/store/port';

/** The JPEG with a comment segment (`FF FE`) after its start marker: same picture, different file. */
export function uniqueJpeg(jpeg: Buffer, tag: string): Buffer {
  const note = Buffer.from(tag, 'latin1');
  const length = note.length + 2;
  const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return Buffer.concat([view(jpeg.subarray(0, 2)), new Uint8Array([0xff, 0xfe, length >> 8, length & 0xff]), view(note), view(jpeg.subarray(2))]);
}

export interface Imagen {
  original: Buffer;
  miniatura: Buffer;
}

const attachment = (bytes: Buffer) => ({ content_type: 'image/jpeg', data: bytes.toString('base64') });

/** A photo's two documents; `original` may be a stand-in (the sync bench's, never pulled). */
export function photoDocs(captacionId: string, uuid: string, orden: number, asesor: string, img: Imagen): StoreDoc[] {
  // What the original's bytes say, as the write policy checks (a stand-in original is small).
  const measured = checkImage(new Uint8Array(img.original), FOTO_TYPES);
  const { width, height, type } = measured.ok ? measured.image : { width: 1600, height: 1200, type: 'image/jpeg' };
  return [
    { _id: fotoOriginalId(captacionId, uuid), type: FOTO_ORIGINAL_TYPE, captacion_id: captacionId, asesor, _attachments: { original: attachment(img.original) } },
    {
      _id: fotoId(captacionId, uuid),
      type: FOTO_TYPE,
      captacion_id: captacionId,
      asesor,
      orden,
      portada: orden === 0,
      ancho: width,
      alto: height,
      bytes: img.original.length,
      mime: type,
      tomada: new Date(Date.UTC(2026, 10, 26, 9) + orden * 60_000).toISOString(),
      _attachments: { miniatura: attachment(img.miniatura) },
    },
  ];
}
