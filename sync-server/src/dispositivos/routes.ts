/**
 * A person's devices (couch-design/sesion/dispositivos.ts), mounted under /api before the users
 * routes (which answer deeper `/users/...` paths as bad ids):
 *   GET  /dispositivos                      the asker's own devices, the current one marked
 *   POST /dispositivos/borrar               `{dispositivo}`: erase one of the asker's own devices
 *   GET  /users/:id/dispositivos            a person's devices: admins, or the person
 *   POST /users/:id/dispositivos/cerrar     end every session of a person, with a wipe: admins
 * Routes only read the request and shape the answer; the rules live in the service.
 */
import { Router, type Request, type Response } from 'express';
import { BORRAR_DISPOSITIVO_PATH, DISPOSITIVO_MSG, DISPOSITIVOS_PATH } from '../../../couch-design/sesion/dispositivos';
import { actorOf } from '../http/actor';
import { requireAuth } from '../http/guards';
import { parseId } from '../http/ids';
import type { DispositivosService } from './service';

type IdRequest = Request<{ id: string }>;

const underApi = (path: string): string => path.slice('/api'.length);

export function dispositivosRoutes(service: DispositivosService): Router {
  const r = Router();

  r.get(underApi(DISPOSITIVOS_PATH), requireAuth, async (req, res) => {
    res.json({ success: true, dispositivos: await service.own(actorOf(req), req.sessionID) });
  });

  r.post(underApi(BORRAR_DISPOSITIVO_PATH), requireAuth, async (req, res) => {
    await service.eraseOwn(actorOf(req), req.body);
    res.json({ success: true, message: DISPOSITIVO_MSG.borrado });
  });

  r.get('/users/:id/dispositivos', requireAuth, async (req: IdRequest, res: Response) => {
    res.json({ success: true, dispositivos: await service.ofUser(actorOf(req), parseId(req.params.id), req.sessionID) });
  });

  r.post('/users/:id/dispositivos/cerrar', requireAuth, async (req: IdRequest, res: Response) => {
    const cerradas = await service.endAllOf(actorOf(req), parseId(req.params.id), req.sessionID);
    res.json({ success: true, cerradas, message: DISPOSITIVO_MSG.cerradas(cerradas) });
  });

  return r;
}
