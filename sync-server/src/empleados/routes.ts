/**
 * REST for employees (spec 000 section 7), mounted under /api:
 *   GET    /empleados-api?search=&estado=          admins; answer success, count, empleados[]
 *   POST   /empleados-api                          admins
 *   GET    /empleados-api/by-user/:userId          admins or that user
 *   GET    /empleados-api/:id                      admins or the linked person
 *   PUT    /empleados-api/:id                      admins (userId relinks, null unlinks)
 *   DELETE /empleados-api/:id                      admins
 *   POST   /empleados-api/:id/upload-photo         admins; multipart `foto_perfil`
 *   GET    /empleados-api/:id/foto                 admins or the linked person
 */
import { Router, type Request, type Response } from 'express';
import { canManageEmployees } from '../../../couch-design/roles';
import { actorOf as userOf } from '../http/actor';
import { requireAuth, requireCapability } from '../http/guards';
import { HttpError } from '../http/errors';
import { BAD_ID, parseId } from '../http/ids';
import type { OtherBodyRoute } from '../http/json-body';
import { searchParam } from '../http/query';
import { photoUpload, sendPhoto, uploadedPhoto } from '../http/photo';
import { MSG } from './messages';
import type { EmpleadosService } from './service';

/** The employee's photo upload is multipart, like the user's. */
export const EMPLEADO_PHOTO_UPLOAD: OtherBodyRoute = { method: 'POST', path: /^\/empleados-api\/[^/]+\/upload-photo\/?$/, type: 'multipart' };

type IdRequest = Request<{ id: string }>;
const BASE = '/empleados-api';

export function empleadosRoutes(service: EmpleadosService): Router {
  const r = Router();
  r.use(BASE, requireAuth);

  r.get(BASE, async (req, res) => {
    const search = searchParam(req.query);
    const estado = typeof req.query.estado === 'string' ? req.query.estado : undefined;
    const empleados = await service.list(userOf(req), { search, estado });
    res.json({ success: true, count: empleados.length, empleados });
  });

  r.post(BASE, async (req, res) => {
    const empleado = await service.create(userOf(req), req.body);
    res.status(201).json({ success: true, message: MSG.creado, empleado });
  });

  r.get(`${BASE}/by-user/:userId`, async (req: Request<{ userId: string }>, res: Response) => {
    res.json({ success: true, empleado: await service.byUser(userOf(req), parseId(req.params.userId)) });
  });

  r.get(`${BASE}/:id`, async (req: IdRequest, res: Response) => {
    res.json({ success: true, empleado: await service.get(userOf(req), parseId(req.params.id)) });
  });

  r.put(`${BASE}/:id`, async (req: IdRequest, res: Response) => {
    const empleado = await service.update(userOf(req), parseId(req.params.id), req.body);
    res.json({ success: true, message: MSG.actualizado, empleado });
  });

  r.delete(`${BASE}/:id`, async (req: IdRequest, res: Response) => {
    await service.remove(userOf(req), parseId(req.params.id));
    res.json({ success: true, message: MSG.eliminado });
  });

  r.post(
    `${BASE}/:id/upload-photo`,
    // Refused before the upload is read.
    requireCapability(canManageEmployees, MSG.soloAdmins),
    photoUpload,
    async (req: IdRequest, res: Response) => {
      const foto = await service.savePhoto(userOf(req), parseId(req.params.id), await uploadedPhoto(req.file));
      res.json({ success: true, foto_perfil: foto, message: MSG.fotoActualizada });
    },
  );

  r.get(`${BASE}/:id/foto`, async (req: IdRequest, res: Response) => {
    sendPhoto(res, await service.photo(userOf(req), parseId(req.params.id)));
  });

  // Deeper paths (`/empleados-api/_design/x`) name no employee; known actions with another method are 404.
  r.all(`${BASE}/*rest`, (req, _res, next) => {
    if (/^\/empleados-api\/([^/]+\/(upload-photo|foto)|by-user\/[^/]+)\/?$/.test(req.path)) return next();
    next(new HttpError(400, BAD_ID));
  });

  return r;
}
