import { Router } from 'express';
import { isAdmin } from '../../../couch-design/roles';
import { toPublicUser, toUserName } from '../../../couch-design/usuario';
import { requireAuth } from '../auth/guards';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { parseId } from '../http/ids';
import { UsuariosRepository } from './repository';

export const USER_NOT_FOUND = 'No se encontró el usuario.';

/**
 * `GET /api/users/:id`. The captaciones screens resolve an adviser's id to a name with it
 * (specification 001, section 7), so every signed-in person may ask; only admins and the person
 * themselves get the whole record, everyone else just the name.
 */
export function usuariosRoutes(ctx: AppContext): Router {
  const r = Router();
  const repo = UsuariosRepository.open(ctx.store);

  r.get('/users/:id', requireAuth, async (req, res) => {
    const id = parseId(req.params.id);
    const doc = await (await repo).getById(id);
    if (!doc) throw new HttpError(404, USER_NOT_FOUND);
    const whole = isAdmin(req.user!.role) || req.user!.id === id;
    res.json({ success: true, user: whole ? toPublicUser(doc) : toUserName(doc) });
  });

  return r;
}
