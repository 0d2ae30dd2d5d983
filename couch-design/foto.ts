/**
 * Profile photos of users and employees (spec 000 sections 2, 5 and 9; docs/architecture.md section 3): images
 * only, at most 2 MB, recognised by their bytes, never by name or declared type: the first bytes
 * say which type it claims to be (sniffPhotoType, enough to serve a stored one), and an upload
 * must be one whole image of that type (checkImage in image-check.ts).
 *
 * Accepted: PNG, JPEG, GIF and WebP. The specification's hint also names SVG, but an SVG is a
 * document that can carry scripts and links; served from the gateway's own origin it would run
 * with the signed-in person's session, so it is refused like any other non-image.
 */

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/**
 * The longest side a stored profile photo keeps: the gateway writes every upload again, of its own
 * type, at most this size and without metadata (sync-server/src/http/photo.ts). The app shows it
 * at a few hundred pixels at most; this leaves room for a sharp screen.
 */
export const PHOTO_SIDE = 1024;

/** The multipart field of `POST /api/users/{id}/upload-photo` (section 7). */
export const PHOTO_FIELD = 'foto_perfil';

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** For `<input type="file" accept=...>`. */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

export const FOTO_MSG = {
  /** Spec 000 section 5 (edit-user screen). */
  invalida: 'Por favor selecciona una imagen válida',
  /** couch-design/image-check.ts: MAX_IMAGE_SIDE. */
  medidas: 'La imagen no debe medir más de 8000 píxeles por lado',
  grande: 'La imagen no debe superar 2 MB',
  falta: 'No se recibió ninguna imagen en el campo foto_perfil',
  campo: 'La imagen debe enviarse en el campo foto_perfil, una sola a la vez',
} as const;

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0): boolean =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes are, or null when they are not one of the accepted images. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
