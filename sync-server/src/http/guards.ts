/** Who may call a route: signed in, or an admin (docs/architecture.md section 6), checked before anything else. */
import type { RequestHandler } from 'express';
import { isAdmin } from '../../../couch-design/roles';
import type { AuthUser } from './actor';
import { HttpError } from './errors';

export const NOT_SIGNED_IN = 'Debe iniciar sesión para continuar.';
export const FORBIDDEN = 'No tiene permiso para realizar esta acción.';

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, NOT_SIGNED_IN));
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, NOT_SIGNED_IN));
  next(isAdmin(req.user.role) ? undefined : new HttpError(403, FORBIDDEN));
};

/** The same rule inside a service: 403 with the feature's own message unless the actor is an admin. */
export function assertAdmin(actor: AuthUser, message: string = FORBIDDEN): void {
  if (!isAdmin(actor.role)) throw new HttpError(403, message);
}
