/**
 * REST for captaciones (specification 001 section 7), mounted under /api:
 *   GET    /captaciones?page&limit&sort&supervisor&search
 *   POST   /captaciones
 *   GET    /captaciones/:id
 *   PUT    /captaciones/:id
 *   DELETE /captaciones/:id
 *   GET    /captaciones/:id/pdf
 *   GET    /captaciones/sin-conexion         the person's device set (issue 34, device-set.ts)
 *   PUT    /captaciones/:id/sin-conexion     pins it on their devices; DELETE unpins it
 *   POST   /captaciones/sin-conexion/olvidar a device dropped these for space: forget their opened/edited marks
 * Routes only read the request and shape the answer; the rules live in the service.
 */
import express, { type Request, type Response, type Router } from 'express';
import { captacionPdfFileName } from '../../../couch-design/pdf';
import { actorOf as userOf } from '../http/actor';
import { clientGone, contentDisposition, sendPdf } from '../http/download';
import { HttpError } from '../http/errors';
import { requireAuth } from '../http/guards';
import { parseId } from '../http/ids';
import { revParam } from '../http/query';
import { validateBody } from '../http/validate';
import { DEVICE_SET_FORGET_PATH, DEVICE_SET_PATH, DEVICE_SET_TEXT, FORGET_TEXT, type DeviceSetAnswer, type ForgetAnswer, type PinAnswer } from '../../../couch-design/captacion/device-set';
import { forgetSchema } from '../../../couch-design/captacion/device-set-schema';
import type { CaptacionesDeviceSet } from './device-set';
import { log } from '../log';
import { MSG } from './messages';
import { parseListQuery } from './query';
import { recentWrites, rememberWrite } from './recent-writes';
import type { CaptacionesService } from './service';

/** `attachment; filename="captacion_<id>.pdf"`, plus the RFC 5987 form when the id is not plain ASCII. */
export const pdfDisposition = (id: string): string => contentDisposition('attachment', captacionPdfFileName(id));

/** `deviceSet`: what each person's devices keep; opening or writing a captación here keeps it there. */
export function captacionesRoutes(service: CaptacionesService, deviceSet?: CaptacionesDeviceSet): Router {
  const router = express.Router();
  router.use('/captaciones', requireAuth);
  // Awaited: the device's next sync must already count it. A failed mark never fails the request.
  const keep = async (req: Request, id: string): Promise<void> => {
    await deviceSet?.touch(userOf(req), [id]).catch((e: unknown) => log.warn({ err: e }, 'No se pudo anotar la captación en el conjunto del dispositivo.'));
  };

  if (deviceSet) {
    // The endpoints both sides name (couch-design/captacion/device-set.ts), under this router's /api.
    const underApi = (path: string): string => path.slice('/api'.length);
    router.get(underApi(DEVICE_SET_PATH), async (req, res) => {
      res.json({ success: true, ...(await deviceSet.answer(userOf(req))) } satisfies DeviceSetAnswer);
    });
    const pin = (pinned: boolean) => async (req: Request<{ id: string }>, res: Response) => {
      // Only a captación this person may read (404 otherwise, as its detail answers).
      const { _id } = await service.get(userOf(req), parseId(req.params.id));
      await deviceSet.pin(userOf(req), _id, pinned);
      res.json({ success: true, mensaje: pinned ? DEVICE_SET_TEXT.fijada : DEVICE_SET_TEXT.soltada, fijada: pinned } satisfies PinAnswer);
    };
    // Only the caller's own marks change (signed in, `requireAuth` above): an id they may not read,
    // or never opened, is nothing to forget.
    router.post(underApi(DEVICE_SET_FORGET_PATH), async (req, res) => {
      const { ids } = await validateBody(forgetSchema, req.body);
      const olvidadas = await deviceSet.forget(userOf(req), ids);
      res.json({ success: true, mensaje: FORGET_TEXT.olvidadas, olvidadas } satisfies ForgetAnswer);
    });
    router.put('/captaciones/:id/sin-conexion', pin(true));
    router.delete('/captaciones/:id/sin-conexion', pin(false));
  }

  router.get('/captaciones', async (req, res) => {
    const q = parseListQuery(req.query);
    // The person's own recent writes are in it, whichever gateway made them (recent-writes.ts).
    const result = await service.list(userOf(req), q, recentWrites(req));
    res.json({ success: true, ...result });
  });

  router.post('/captaciones', async (req, res) => {
    const captacion = await service.create(userOf(req), req.body);
    rememberWrite(req, res, { id: captacion._id, rev: captacion._rev as string });
    await keep(req, captacion._id);
    res.status(201).json({ success: true, mensaje: MSG.creada, captacion });
  });

  router.get('/captaciones/:id/pdf', async (req: Request<{ id: string }>, res: Response) => {
    const id = parseId(req.params.id);
    // Personal data: never kept by shared caches.
    sendPdf(res, await service.pdf(userOf(req), id, clientGone(res)), captacionPdfFileName(id));
  });

  router.get('/captaciones/:id', async (req: Request<{ id: string }>, res: Response) => {
    const captacion = await service.view(userOf(req), parseId(req.params.id));
    // Opened online: it stays on the person's devices from now on (device-set.ts).
    await keep(req, captacion._id);
    res.json({ success: true, captacion });
  });

  router.put('/captaciones/:id', async (req: Request<{ id: string }>, res: Response) => {
    const captacion = await service.update(userOf(req), parseId(req.params.id), req.body);
    rememberWrite(req, res, { id: captacion._id, rev: captacion._rev as string });
    await keep(req, captacion._id);
    res.json({ success: true, mensaje: MSG.actualizada, captacion });
  });

  router.delete('/captaciones/:id', async (req: Request<{ id: string }>, res: Response) => {
    const id = parseId(req.params.id);
    rememberWrite(req, res, { id, rev: await service.remove(userOf(req), id, revParam(req.query)) });
    res.json({ success: true, mensaje: MSG.eliminada });
  });

  // Anything deeper (`/captaciones/_design/x`, `/captaciones/a/b`) names no captación.
  router.all('/captaciones/*rest', (req, _res, next) => {
    // `/captaciones/<id>/pdf` with another method is an unknown resource, not a bad id.
    if (/^\/captaciones\/[^/]+\/(pdf|sin-conexion|olvidar)\/?$/.test(req.path)) return next();
    next(new HttpError(400, MSG.badId));
  });

  return router;
}
