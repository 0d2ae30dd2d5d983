/** Who may call a route: signed in, or holding a capability of the role matrix (docs/architecture.md section 6), checked before anything else. */
import type { RequestHandler } from 'express';
import type { AuthUser } from './actor';
import { HttpError } from './errors';

export const NOT_SIGNED_IN = 'Debe iniciar sesión para continuar.';
export const FORBIDDEN = 'No tiene permiso para realizar esta acción.';

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, NOT_SIGNED_IN));
};

/** A capability of couch-design/roles.ts that the role alone decides (`canManageUsers`, `canManagePayroll`...). */
export type RoleCapability = (role: string | null | undefined) => boolean;

/** A route for those with `may`: 401 signed out, else 403 with the feature's message, before the body is read. */
export function requireCapability(may: RoleCapability, message: string = FORBIDDEN): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new HttpError(401, NOT_SIGNED_IN));
    next(may(req.user.role) ? undefined : new HttpError(403, message));
  };
}

/** The same rule inside a service: 403 with the feature's own message unless the actor has `may`. */
export function assertCapability(actor: AuthUser, may: RoleCapability, message: string = FORBIDDEN): void {
  if (!may(actor.role)) throw new HttpError(403, message);
}
