import type { ErrorRequestHandler, Request } from 'express';
import { StoreError } from '../store/port';

/** A failure the client caused or may see: answered with its status and a Spanish `mensaje`. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly mensaje: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(mensaje);
    this.name = 'HttpError';
  }
}

export const GENERIC_ERROR = 'Ocurrió un error interno. Intente de nuevo más tarde.';
const BAD_JSON = 'El cuerpo de la petición no es JSON válido.';
const TOO_LARGE = 'La petición es demasiado grande.';

/** Body-parser and other middleware errors carry `status`/`type` (http-errors). */
interface ParserError { status?: number; statusCode?: number; type?: string; expose?: boolean }

/** The replication endpoint answers in CouchDB's shape, everything else in the API's shape. */
const isCouchPath = (req: Request): boolean => req.originalUrl.startsWith('/db/') || req.originalUrl === '/db';

function classify(err: unknown): { status: number; mensaje: string; couch: string; extra: Record<string, unknown> } {
  if (err instanceof HttpError) return { status: err.status, mensaje: err.mensaje, couch: couchName(err.status), extra: err.extra };
  if (err instanceof StoreError) {
    const mensaje = err.status === 404 ? 'No encontrado.' : err.status === 409 ? 'El documento fue modificado por otra persona; recargue e intente de nuevo.' : err.status < 500 ? err.reason : GENERIC_ERROR;
    return { status: err.status, mensaje, couch: err.error, extra: {} };
  }
  const p = (err ?? {}) as ParserError;
  if (p.type === 'entity.parse.failed') return { status: 400, mensaje: BAD_JSON, couch: 'bad_request', extra: {} };
  if (p.type === 'entity.too.large') return { status: 413, mensaje: TOO_LARGE, couch: 'too_large', extra: {} };
  const status = p.status ?? p.statusCode;
  if (status && status >= 400 && status < 500) return { status, mensaje: 'Petición no válida.', couch: couchName(status), extra: {} };
  return { status: 500, mensaje: GENERIC_ERROR, couch: 'internal_server_error', extra: {} };
}

function couchName(status: number): string {
  return ({ 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'too_large', 429: 'too_many_requests' } as Record<number, string>)[status] ?? 'error';
}

/** The one error handler: a Spanish message and the right status, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const c = classify(err);
  if (c.status >= 500) console.error(`[${new Date().toISOString()}] ${req.method} ${req.originalUrl}`, err);
  if (res.headersSent) {
    res.end();
    return;
  }
  if (isCouchPath(req)) {
    res.status(c.status).json({ error: c.couch, reason: c.mensaje });
  } else {
    res.status(c.status).json({ success: false, mensaje: c.mensaje, ...c.extra });
  }
};
