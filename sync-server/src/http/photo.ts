/**
 * Profile photos over HTTP: the multipart upload (field `foto_perfil`, one file, at most 2 MB,
 * kept in memory, checked by its bytes, stored written again without metadata) and the answer
 * that serves a stored photo. Every failure
 * of the multipart parser is the client's: a Spanish 400 or 413, never a 500.
 */
import type { RequestHandler, Response } from 'express';
import multer from 'multer';
import { FOTO_MSG, MAX_PHOTO_BYTES, PHOTO_FIELD, PHOTO_SIDE, sniffPhotoType, type PhotoType } from '../../../couch-design/foto';
import { checkImage, MAX_IMAGE_SIDE } from '../../../couch-design/image-check';
import { HttpError } from './errors';
import { reencodeImage, type ReencodedFormat } from './image-reencode';

export const BAD_MULTIPART = 'El formulario enviado no es válido.';
export const PHOTO_NOT_FOUND = 'No se encontró la foto.';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024, headerPairs: 50 },
}).single(PHOTO_FIELD);

/**
 * A multipart parser whose every failure is the client's: 413 with `texts.tooLarge` over the size
 * limit, 400 with `texts.wrongFiles` for a file field it does not take or too many files, and 400
 * for anything else malformed. Never a 500.
 */
export function answeringUpload(parse: RequestHandler, texts: { tooLarge: string; wrongFiles: string }): RequestHandler {
  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const code = err instanceof multer.MulterError ? err.code : undefined;
      if (code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, texts.tooLarge));
      if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return next(new HttpError(400, texts.wrongFiles));
      next(new HttpError(400, BAD_MULTIPART));
    });
  };
}

/** Parses the upload into `req.file`; answers 413 over 2 MB and 400 for anything malformed. */
export const photoUpload = answeringUpload(upload, { tooLarge: FOTO_MSG.grande, wrongFiles: FOTO_MSG.campo });

const bytesOf = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export interface Photo { data: Buffer; contentType: PhotoType }

const FORMAT: Record<PhotoType, ReencodedFormat> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

/**
 * The photo to store from the uploaded file when it is one whole accepted image of sane
 * dimensions: written again, of its own type, upright, at most PHOTO_SIDE px and without any
 * metadata (a phone's photo says where it was taken and with which camera: image-reencode.ts).
 * 400 when missing or anything else (a signature with a page behind it is no photo, even if it
 * would be served safely; whole by its structure but not decodable is no photo either).
 */
export async function uploadedPhoto(file: Express.Multer.File | undefined): Promise<Photo> {
  if (!file || file.size === 0) throw new HttpError(400, FOTO_MSG.falta);
  const checked = checkImage(bytesOf(file.buffer));
  if (!checked.ok) throw new HttpError(400, checked.problem === 'too-big' ? FOTO_MSG.medidas : FOTO_MSG.invalida);
  const type = checked.image.type;
  try {
    const { data } = await reencodeImage(file.buffer, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, side: PHOTO_SIDE, format: FORMAT[type], quality: 85 });
    return { data, contentType: type };
  } catch {
    throw new HttpError(400, FOTO_MSG.invalida);
  }
}

/**
 * Serves a stored photo as the image its bytes are (the stored type is checked again, so nothing
 * stored otherwise is ever served as a page), never sniffed by the browser, shown inline, and
 * sandboxed in case a browser opens it as a document.
 */
export function sendPhoto(res: Response, data: Buffer): void {
  const type = sniffPhotoType(bytesOf(data));
  if (!type) throw new HttpError(404, PHOTO_NOT_FOUND);
  res.setHeader('Content-Type', type);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', 'inline');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(data);
}

/** The `foto_perfil` URL of a document's photo, versioned by its digest so a new photo is a new URL. */
export function photoUrl(base: string, doc: { _id: string; _attachments?: Record<string, { digest?: string }> }): string | null {
  const att = doc._attachments?.[PHOTO_FIELD];
  if (!att) return null;
  const version = (att.digest ?? '').replace(/[^A-Za-z0-9]/g, '').slice(-16);
  return `${base}/${encodeURIComponent(doc._id)}/foto${version ? `?v=${version}` : ''}`;
}
