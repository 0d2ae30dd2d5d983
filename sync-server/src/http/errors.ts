import type { ErrorRequestHandler, Request } from 'express';
import { logErrorOnce } from '../log';
import { StoreError } from '../store/port';
import { routeLabel } from './route-label';

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
export const UNAVAILABLE = 'La base de datos no está disponible por el momento. Intente de nuevo en unos segundos.';
/** Seconds a client is told to wait (Retry-After) when the database is unavailable. */
export const RETRY_AFTER_S = 5;
export const BAD_JSON = 'El cuerpo de la petición no es JSON válido.';
const TOO_LARGE = 'La petición es demasiado grande.';
const BAD_REQUEST = 'Petición no válida.';

/** body-parser / raw-body failures by `type`: each a client's fault, none a server error. */
const PARSER_ERRORS = new Map<string, { status: number; mensaje: string }>(Object.entries({
  'entity.parse.failed': { status: 400, mensaje: BAD_JSON },
  'entity.too.large': { status: 413, mensaje: TOO_LARGE },
  'parameters.too.many': { status: 413, mensaje: 'La petición tiene demasiados parámetros.' },
  'request.aborted': { status: 400, mensaje: 'La petición se interrumpió antes de terminar.' },
  'request.size.invalid': { status: 400, mensaje: 'El tamaño de la petición no coincide con el declarado.' },
  'charset.unsupported': { status: 415, mensaje: 'La codificación de caracteres de la petición no es compatible.' },
  'encoding.unsupported': { status: 415, mensaje: 'La compresión de la petición no es compatible.' },
}));

/** Body-parser and other middleware errors carry `status`/`type` (http-errors). */
interface ParserError { status?: number; statusCode?: number; type?: string; expose?: boolean }

/** The replication endpoint answers in CouchDB's shape, everything else in the API's shape. */
const isCouchPath = (req: Request): boolean => req.originalUrl.startsWith('/db/') || req.originalUrl === '/db';

/** The store's "try again": no node answered, or CouchDB said 503 / 412 nodedown (store/couch-nodes.ts). */
const isUnavailable = (err: unknown): err is StoreError => err instanceof StoreError && err.status === 503;

function classify(err: unknown): { status: number; mensaje: string; couch: string; extra: Record<string, unknown> } {
  if (err instanceof HttpError) return { status: err.status, mensaje: err.mensaje, couch: couchName(err.status), extra: err.extra };
  if (isUnavailable(err)) return { status: 503, mensaje: UNAVAILABLE, couch: 'service_unavailable', extra: {} };
  if (err instanceof StoreError) {
    // Only the validation functions' refusals (401/403) carry a Spanish reason; the store's own are English.
    const mensaje =
      err.status === 404 ? 'No encontrado.'
      : err.status === 409 ? 'El documento fue modificado por otra persona; recargue e intente de nuevo.'
      : err.status === 401 || err.status === 403 ? err.reason
      : err.status < 500 ? BAD_REQUEST
      : GENERIC_ERROR;
    return { status: err.status, mensaje, couch: err.error, extra: {} };
  }
  const p = (typeof err === 'object' && err !== null ? err : {}) as ParserError;
  const known = typeof p.type === 'string' ? PARSER_ERRORS.get(p.type) : undefined;
  if (known) return { ...known, couch: couchName(known.status), extra: {} };
  const status = Number(p.status ?? p.statusCode);
  if (Number.isInteger(status) && status >= 400 && status < 500) return { status, mensaje: BAD_REQUEST, couch: couchName(status), extra: {} };
  return { status: 500, mensaje: GENERIC_ERROR, couch: 'internal_server_error', extra: {} };
}

const COUCH_ERRORS = new Map<number, string>([
  [400, 'bad_request'], [401, 'unauthorized'], [403, 'forbidden'], [404, 'not_found'], [408, 'request_timeout'], [409, 'conflict'],
  [413, 'too_large'], [415, 'bad_content_type'], [429, 'too_many_requests'],
]);

function couchName(status: number): string {
  return COUCH_ERRORS.get(status) ?? 'error';
}

/** The one error handler: a Spanish message and the right status, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const c = classify(err);
  const path = req.originalUrl.split('?')[0];
  const fields = { metodo: req.method, ruta: routeLabel(req.method, req.originalUrl, c.status), estado: c.status, peticion: (req as { id?: unknown }).id };
  if (isUnavailable(err)) {
    // Expected while a node restarts: one line each, no stack trace, the same one counted rather
    // than repeated (log.ts). A request whose client has gone answers no one (a feed the device
    // dropped, finishing while a stopping gateway closes its store): the store's state is told by
    // the requests that do answer.
    if (!res.destroyed) logErrorOnce(`503 ${fields.ruta} ${err.reason}`, { ...fields, detalle: err.reason }, `${req.method} ${path} → 503: ${err.reason}`);
  } else if (c.status >= 500) {
    const e = err as { message?: unknown } | undefined;
    logErrorOnce(`${c.status} ${fields.ruta} ${String(e?.message)}`, { ...fields, err }, `${req.method} ${path} → ${c.status}: ${String(e?.message ?? err)}`);
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  // PouchDB and the PWA both retry a 5xx; this tells them when.
  if (c.status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_S));
  if (isCouchPath(req)) {
    res.status(c.status).json({ error: c.couch, reason: c.mensaje });
  } else {
    res.status(c.status).json({ success: false, mensaje: c.mensaje, ...c.extra });
  }
};
