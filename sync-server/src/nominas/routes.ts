/**
 * REST for payroll (specification 000 section 7), mounted under /api:
 *   GET    /nominas-api/empleado/:empleadoId?limite&desde&hasta  -> { success, nominas, totalRegistros }
 *   GET    /nominas-api/download/:id                            -> PDF, attachment nomina-{fecha}.pdf
 *   GET    /nominas-api/descargar/:id                           -> PDF, inline (opens in a new tab)
 *   POST   /CrearNomina/:empleadoId   form: 303 to the employee profile; JSON: 201 { success, message, nomina }
 *   GET    /nominas/:id                                         -> { success, nomina }
 *   PUT    /nominas/:id                                         -> { success, message, nomina }
 *   DELETE /nominas-api/:id?rev                                 -> { success, message }
 * Routes only read the request and shape the answer; the rules live in the service.
 */
import express, { type Request, type Response, type Router } from 'express';
import { actorOf as userOf } from '../http/actor';
import { clientGone, sendPdf } from '../http/download';
import { HttpError } from '../http/errors';
import { requireAuth } from '../http/guards';
import { parseId } from '../http/ids';
import type { OtherBodyRoute } from '../http/json-body';
import { revParam } from '../http/query';
import { MSG } from './messages';
import { parseListQuery } from './query';
import type { NominasService } from './service';

/** The one route the specification posts as a form (section 7): declared to the body parser in app.ts. */
export const CREAR_NOMINA_FORM: OtherBodyRoute = { method: 'POST', path: /^\/CrearNomina\/[^/]+\/?$/i, type: 'urlencoded' };

/** Where a form-posted payslip sends the browser: the employee profile (spec 000 section 2). */
export const empleadoProfilePath = (empleadoId: string): string => `/dashboard/empleado-profile/${encodeURIComponent(empleadoId)}`;

export interface NominasDeps {
  service: NominasService;
}

export function nominasRoutes({ service }: NominasDeps): Router {
  const router = express.Router();
  router.use(['/nominas-api', '/nominas', '/CrearNomina'], requireAuth);

  router.get('/nominas-api/empleado/:empleadoId', async (req: Request<{ empleadoId: string }>, res: Response) => {
    const empleadoId = parseId(req.params.empleadoId, MSG.badEmpleadoId);
    const page = await service.list(userOf(req), empleadoId, parseListQuery(req.query));
    res.json({ success: true, ...page });
  });

  const pdf = (kind: 'attachment' | 'inline') => async (req: Request<{ id: string }>, res: Response) => {
    const { bytes, fileName } = await service.pdf(userOf(req), parseId(req.params.id, MSG.badId), clientGone(res));
    // A person's pay: never kept by shared caches.
    sendPdf(res, bytes, fileName, kind);
  };
  router.get('/nominas-api/download/:id', pdf('attachment'));
  router.get('/nominas-api/descargar/:id', pdf('inline'));

  router.post('/CrearNomina/:empleadoId', async (req: Request<{ empleadoId: string }>, res: Response) => {
    const empleadoId = parseId(req.params.empleadoId, MSG.badEmpleadoId);
    const nomina = await service.create(userOf(req), empleadoId, req.body);
    // The specification's form post is answered with a redirect the browser follows; JSON clients get the record.
    if (req.is('application/x-www-form-urlencoded')) res.redirect(303, empleadoProfilePath(empleadoId));
    else res.status(201).json({ success: true, message: MSG.creada, nomina });
  });

  router.get('/nominas/:id', async (req: Request<{ id: string }>, res: Response) => {
    const nomina = await service.get(userOf(req), parseId(req.params.id, MSG.badId));
    res.json({ success: true, nomina });
  });

  router.put('/nominas/:id', async (req: Request<{ id: string }>, res: Response) => {
    const nomina = await service.update(userOf(req), parseId(req.params.id, MSG.badId), req.body);
    res.json({ success: true, message: MSG.actualizada, nomina });
  });

  router.delete('/nominas-api/:id', async (req: Request<{ id: string }>, res: Response) => {
    await service.remove(userOf(req), parseId(req.params.id, MSG.badId), revParam(req.query));
    res.json({ success: true, message: MSG.eliminada });
  });

  // Deeper paths (`/nominas/_design/x`, `/nominas-api/download/a/b`) hold an id with a slash: no
  // payslip or employee has one. Other unknown shapes fall through to the API's 404.
  router.all(['/nominas/*rest', '/nominas-api/*rest', '/CrearNomina/*rest'], (req, _res, next) => {
    const [base, second, ...rest] = req.path.split('/').filter((s) => s !== '');
    const depth = rest.length + (second === undefined ? 0 : 1);
    const allowed = base.toLowerCase() === 'nominas-api' && ['empleado', 'download', 'descargar'].includes(second.toLowerCase()) ? 2 : 1;
    if (depth <= allowed) return next();
    next(new HttpError(400, base.toLowerCase() === 'crearnomina' || second.toLowerCase() === 'empleado' ? MSG.badEmpleadoId : MSG.badId));
  });

  return router;
}
