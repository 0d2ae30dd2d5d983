/**
 * Property photos (issue 22; docs/architecture.md section 3, "Fotos de las captaciones"): the `fotos` database
 * holds two kinds of document per photo, under the same uuid:
 * - `foto` (`foto:<captacionId>:<uuid>`): the photo's data and its 320 px thumbnail (attachment
 *   `miniatura`), replicated to every device whose person may see the captación;
 * - `foto-original` (`foto-original:<captacionId>:<uuid>`): the full-size photo (attachment
 *   `original`), pushed by devices, never sent in a pull, read by id when a person opens it.
 * Both carry `captacion_id`, which makes them children of that captación (fotos/entity.ts): who
 * reads it reads them.
 */
import { MAX_PHOTO_BYTES } from '../foto';
import type { ImageLimits } from '../image-check';

export const FOTOS_DB = 'fotos';
export const FOTO_TYPE = 'foto';
export const FOTO_ORIGINAL_TYPE = 'foto-original';
export type FotoKind = typeof FOTO_TYPE | typeof FOTO_ORIGINAL_TYPE;

/** The attachment each kind carries, its only one. */
export const FOTO_ATTACHMENT: Record<FotoKind, string> = { foto: 'miniatura', 'foto-original': 'original' };

/** Image types a property photo may be (no GIF: a camera or a canvas never makes one). */
export const FOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type FotoMime = (typeof FOTO_TYPES)[number];

/** Photos (`foto`) per captación; its originals are bounded the same way. */
export const MAX_FOTOS_POR_CAPTACION = 50;
/** The full-size photo: the PWA stores it at most 1,600 px and about 300 KB; the gateway accepts up to this. */
export const MAX_ORIGINAL_BYTES = MAX_PHOTO_BYTES;
/** The thumbnail: 320 px, about 20 to 64 KB; the gateway accepts up to this. */
export const MAX_MINIATURA_BYTES = 128 * 1024;
/** Long side of the thumbnail and of the stored original, in the PWA. */
export const MINIATURA_LADO = 320;
export const ORIGINAL_LADO = 1600;

/**
 * What each image may promise when a device pushes it (`/db/fotos`), judged from its header before
 * anything decodes it: what the PWA's resizer makes (a canvas: 8-bit, no metadata, at most its
 * side), so a decompression bomb or a 16-bit trap never reaches a PDF or a gallery.
 */
export const FOTO_LIMITS: Record<FotoKind, ImageLimits> = {
  foto: { maxSide: MINIATURA_LADO, plain: true, noMetadata: true },
  'foto-original': { maxSide: ORIGINAL_LADO, plain: true, noMetadata: true },
};
/**
 * What a REST upload may promise before the gateway re-encodes it (sync-server/src/fotos/images.ts:
 * a camera's photo, then ORIGINAL_LADO and MINIATURA_LADO without metadata): 24 megapixels decode
 * to under 100 MB, off the event loop.
 */
export const MAX_SUBIDA_PIXELES = 24_000_000;
export const SUBIDA_LIMITS: ImageLimits = { maxPixels: MAX_SUBIDA_PIXELES, plain: true };

/**
 * Documents of one `_bulk_docs` the PWA pushes to `fotos` (`batch_size`): a batch of originals is
 * at most this many times 2 MB (base64: 2.7 MB), under the gateway's body limit for `/db/fotos`.
 */
export const FOTOS_BATCH_SIZE = 5;
/**
 * Documents of one pull of `fotos`: thumbnails only (originals are never pulled), which come
 * inline with their documents, so one `_bulk_get` answers the batch: at most this many times a
 * thumbnail's 128 KB (base64: 4.3 MB), about 0.7 MB for the usual 20 KB.
 */
export const FOTOS_PULL_BATCH_SIZE = 25;
/** The body limit of a `_bulk_docs` to `/db/fotos`: FOTOS_BATCH_SIZE originals of 2 MB as base64, and room. */
export const FOTOS_PUSH_BODY_BYTES = 20 * 1024 * 1024;

/** An image as its photo documents describe it (a `foto`'s declared fields, a `foto-original`'s measured ones). */
export interface ImageFact {
  ancho: number;
  alto: number;
  bytes: number;
  mime: string;
}

/** The fields of a `foto` document besides its ids, owner fields and attachment. */
export interface FotoDatos {
  /** Position in the gallery, from 0. */
  orden: number;
  /** The cover of the captación (the list's thumbnail, the PDF's first photo). */
  portada: boolean;
  /** Size of the original, in pixels and bytes, and its type. */
  ancho: number;
  alto: number;
  bytes: number;
  mime: FotoMime;
  /** When it was taken (ISO). */
  tomada: string;
}

export interface FotoDoc extends FotoDatos {
  _id: string;
  _rev?: string;
  type: typeof FOTO_TYPE;
  captacion_id: string;
}

export interface FotoOriginalDoc {
  _id: string;
  _rev?: string;
  type: typeof FOTO_ORIGINAL_TYPE;
  captacion_id: string;
}

/** A photo's uuid: letters, digits and dashes (a `crypto.randomUUID()`). */
const UUID = /^[A-Za-z0-9-]{1,64}$/;

export const fotoId = (captacionId: string, uuid: string): string => `${FOTO_TYPE}:${captacionId}:${uuid}`;
export const fotoOriginalId = (captacionId: string, uuid: string): string => `${FOTO_ORIGINAL_TYPE}:${captacionId}:${uuid}`;

export interface ParsedFotoId {
  kind: FotoKind;
  captacionId: string;
  uuid: string;
}

/** What a photo document's id says: its kind, its captación and its uuid; null for any other id. */
export function parseFotoId(id: unknown): ParsedFotoId | null {
  if (typeof id !== 'string' || id.length > 512) return null;
  const kind: FotoKind | null = id.startsWith(`${FOTO_ORIGINAL_TYPE}:`) ? FOTO_ORIGINAL_TYPE : id.startsWith(`${FOTO_TYPE}:`) ? FOTO_TYPE : null;
  if (!kind) return null;
  const rest = id.slice(kind.length + 1);
  const cut = rest.lastIndexOf(':');
  if (cut <= 0) return null;
  const captacionId = rest.slice(0, cut);
  const uuid = rest.slice(cut + 1);
  if (!UUID.test(uuid) || captacionId.startsWith('_')) return null;
  return { kind, captacionId, uuid };
}

export const FOTOS_MSG = {
  id: "El id de la foto no es válido (foto:<captación>:<uuid> o foto-original:<captación>:<uuid>).",
  tipo: "El documento debe ser una foto (type: 'foto' o 'foto-original', como dice su id).",
  captacion: 'La foto no corresponde a la captación de su id.',
  rol: 'Su rol no permite modificar las fotos de las captaciones.',
  alcance: 'La captación de la foto no pertenece a su alcance.',
  sinCaptacion: 'La captación de la foto no existe.',
  eliminada: 'La captación fue eliminada; ya no se le pueden agregar fotos.',
  borrada: 'La foto fue eliminada; no se puede volver a guardar.',
  maximo: `Una captación admite como máximo ${MAX_FOTOS_POR_CAPTACION} fotos.`,
  adjunto: 'La foto debe traer exactamente un adjunto: miniatura en una foto, original en una foto original.',
  noImagen: 'La foto no es una imagen JPEG, PNG o WebP válida.',
  medidas: `La foto no debe medir más de ${ORIGINAL_LADO} píxeles por lado.`,
  miniaturaMedidas: `La miniatura no debe medir más de ${MINIATURA_LADO} píxeles por lado.`,
  subidaMedidas: `La foto no debe pasar de ${MAX_SUBIDA_PIXELES / 1_000_000} megapíxeles.`,
  trampa: 'La foto está en una forma que no se admite (PNG de 16 bits, JPEG que no es de 8 bits o una animación).',
  metadatos: 'La foto trae metadatos (EXIF, ubicación o cámara); la aplicación las envía sin ellos.',
  noCoincide: 'Los datos de la foto (tipo, tamaño o medidas) no coinciden con su original.',
  grande: 'La foto no debe superar 2 MB.',
  miniaturaGrande: 'La miniatura de la foto no debe superar 128 KB.',
  campos: 'La foto no es válida: ',
  ilegible: 'La foto no es válida: su contenido no se pudo leer.',
  noEncontrada: 'No se encontró la foto.',
  faltaOriginal: 'No se recibió la foto en el campo original.',
  faltaMiniatura: 'No se recibió la miniatura en el campo miniatura.',
  archivos: 'Envíe la foto en el campo original y su miniatura en el campo miniatura, una de cada una.',
} as const;
