/** `GET /api/estado` (couch-design/estado.ts): admins only, checked by the service. */
import { Router } from 'express';
import { ESTADO_PATH } from '../../../couch-design/estado';
import { actorOf } from '../http/actor';
import { requireAuth } from '../http/guards';
import type { EstadoService } from './service';

export function estadoRoutes(service: EstadoService): Router {
  const r = Router();
  r.get(ESTADO_PATH.slice('/api'.length), requireAuth, async (req, res) => {
    res.json(await service.estado(actorOf(req), req.sessionID));
  });
  return r;
}
