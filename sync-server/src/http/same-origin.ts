import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors';

export const CROSS_SITE = 'Petición rechazada: solo se aceptan cambios enviados desde la propia aplicación.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origins compared as the URL standard serialises them (lower case, default port dropped). */
function sameOrigin(origin: string, req: Request): boolean {
  try {
    return new URL(origin).origin === new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return false;
  }
}

/**
 * Refuses state-changing requests another site makes a browser send with the session cookie.
 * Browsers say where a request comes from in Sec-Fetch-Site (on secure origins), else in Origin
 * (compared with this request's own scheme and host, both honouring TRUST_PROXY). A request with
 * neither is not a browser's cross-site request (PouchDB in Node, scripts, tests) and passes.
 */
export const sameOriginOnly: RequestHandler = (req, _res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return next(site === 'same-origin' || site === 'none' ? undefined : new HttpError(403, CROSS_SITE));
  const origin = req.get('origin');
  next(origin === undefined || sameOrigin(origin, req) ? undefined : new HttpError(403, CROSS_SITE));
};

/**
 * Whether a request that carries no body a site could forge (a GET) says it comes from this
 * app's own pages: Sec-Fetch-Site `same-origin`, else an Origin, else a Referer of this very
 * origin. Unlike `sameOriginOnly`, silence is not enough: an image or a link of another site
 * over plain HTTP sends neither Sec-Fetch-Site nor Origin, and a stripped Referer proves nothing.
 * A prefetch (Sec-Purpose or Purpose) is never the person's own act.
 */
export function fromOwnPages(req: Request): boolean {
  if (req.get('sec-purpose') !== undefined || req.get('purpose') !== undefined) return false;
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = req.get('origin');
  if (origin !== undefined) return sameOrigin(origin, req);
  const referer = req.get('referer');
  return referer !== undefined && sameOrigin(referer, req);
}

/** API and replication answers are personal and current: no browser or proxy keeps a copy. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
