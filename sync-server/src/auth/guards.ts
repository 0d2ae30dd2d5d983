import type { RequestHandler } from 'express';
import { isAdmin } from '../../../couch-design/roles';
import { HttpError } from '../http/errors';

export const NOT_SIGNED_IN = 'Debe iniciar sesión para continuar.';
export const FORBIDDEN = 'No tiene permiso para realizar esta acción.';

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, NOT_SIGNED_IN));
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, NOT_SIGNED_IN));
  next(isAdmin(req.user.role) ? undefined : new HttpError(403, FORBIDDEN));
};
