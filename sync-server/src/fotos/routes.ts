/**
 * `/api/captaciones/:id/fotos`: a captación's photos over REST (issue 22), through the same write
 * policy and scope as `/db/fotos`. Mounted before the captaciones routes, which answer any other
 * deeper path as a bad id.
 *
 * - GET    /captaciones/:id/fotos                       the `foto` documents, without images
 * - GET    /captaciones/:id/fotos/:fotoId/miniatura     the thumbnail's bytes
 * - GET    /captaciones/:id/fotos/:fotoId/original      the full-size photo's bytes
 * - POST   /captaciones/:id/fotos                       multipart: files `original` and `miniatura`, text `orden`, `portada`, `tomada`
 * - DELETE /captaciones/:id/fotos/:fotoId               the photo and its original
 */
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { FOTO_ORIGINAL_TYPE, FOTO_TYPE, FOTOS_MSG, MAX_ORIGINAL_BYTES } from '../../../couch-design/fotos/types';
import { actorOf } from '../http/actor';
import { HttpError } from '../http/errors';
import { requireAuth } from '../http/guards';
import { parseId } from '../http/ids';
import type { OtherBodyRoute } from '../http/json-body';
import { answeringUpload, sendPhoto } from '../http/photo';
import type { FotosService } from './service';

/** The upload is multipart, like the profile photos'. */
export const FOTO_UPLOAD: OtherBodyRoute = { method: 'POST', path: /^\/captaciones\/[^/]+\/fotos\/?$/, type: 'multipart' };

const FOTO_ID = /^[A-Za-z0-9-]{1,64}$/;
const parseFotoUuid = (raw: unknown): string => {
  if (typeof raw !== 'string' || !FOTO_ID.test(raw)) throw new HttpError(404, FOTOS_MSG.noEncontrada);
  return raw;
};

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_ORIGINAL_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 1024, fieldNameSize: 100, headerPairs: 50 },
}).fields([
  { name: 'original', maxCount: 1 },
  { name: 'miniatura', maxCount: 1 },
]);

/** Parses the upload; 413 over 2 MB, 400 in Spanish for anything malformed, never a 500. */
const fotoUpload = answeringUpload(upload, { tooLarge: FOTOS_MSG.grande, wrongFiles: FOTOS_MSG.archivos });

type FotoRequest = Request<{ id: string; fotoId: string }>;
const BASE = '/captaciones/:id/fotos';

export function fotosRoutes(service: FotosService): Router {
  const r = Router();

  r.get(BASE, requireAuth, async (req: Request<{ id: string }>, res: Response) => {
    res.json({ success: true, fotos: await service.list(actorOf(req), parseId(req.params.id)) });
  });

  r.post(BASE, requireAuth, fotoUpload, async (req: Request<{ id: string }>, res: Response) => {
    const files = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
    // multer's body has no prototype: copied into a plain object for the schema, key by key.
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
      // `orden[0]=1` arrives as a list: every field of this form is one text.
      if (typeof v !== 'string') throw new HttpError(400, `${FOTOS_MSG.campos}${k.slice(0, 60)}: debe ser un solo texto.`);
      Object.defineProperty(fields, k, { value: v, enumerable: true, configurable: true, writable: true });
    }
    const foto = await service.create(actorOf(req), parseId(req.params.id), { original: files.original?.[0]?.buffer, miniatura: files.miniatura?.[0]?.buffer, fields });
    res.status(201).json({ success: true, foto, mensaje: 'Foto guardada.' });
  });

  r.get(`${BASE}/:fotoId/miniatura`, requireAuth, async (req: FotoRequest, res: Response) => {
    sendPhoto(res, await service.image(actorOf(req), parseId(req.params.id), parseFotoUuid(req.params.fotoId), FOTO_TYPE));
  });

  r.get(`${BASE}/:fotoId/original`, requireAuth, async (req: FotoRequest, res: Response) => {
    sendPhoto(res, await service.image(actorOf(req), parseId(req.params.id), parseFotoUuid(req.params.fotoId), FOTO_ORIGINAL_TYPE));
  });

  r.delete(`${BASE}/:fotoId`, requireAuth, async (req: FotoRequest, res: Response) => {
    await service.remove(actorOf(req), parseId(req.params.id), parseFotoUuid(req.params.fotoId));
    res.json({ success: true, mensaje: 'Foto eliminada.' });
  });

  return r;
}
