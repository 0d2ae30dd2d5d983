import express, { type Request, type RequestHandler } from 'express';
import { byteLimit, declaredTooLarge, readBodyText } from './bounded-body';
import { BAD_JSON, HttpError } from './errors';

/**
 * Deeper than any real document (a captación nests about 5 levels) and shallow enough that no
 * recursive walk over a body (validation, cloning, JSON.stringify) can exhaust the stack.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP = 'El cuerpo de la petición tiene demasiados niveles de anidación.';
export const FORBIDDEN_KEY = 'El cuerpo de la petición contiene una clave no permitida (__proto__).';
export const NOT_JSON = 'El cuerpo de la petición debe enviarse como JSON (Content-Type: application/json).';

/**
 * Whether raw JSON text nests objects/arrays deeper than `maxDepth`, counted outside strings.
 * A linear scan with no parsing, so a hostile body is refused before JSON.parse or any walk.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON.parse keeps a `__proto__` key as an own property, but any later Object.assign, merge or
 * `obj[key] = value` copy would turn it into a prototype change: such bodies are refused.
 */
function hasProtoKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  if (Object.hasOwn(value, '__proto__')) return true;
  return Object.values(value).some(hasProtoKey);
}

/**
 * Parses JSON text as a request body: depth first (no parsing), then JSON.parse, then the
 * `__proto__` check. Only objects and arrays are bodies, as body-parser's strict mode had it.
 */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (text.trim() === '') return {};
  if (exceedsJsonDepth(text, maxDepth)) throw new HttpError(400, TOO_DEEP);
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw new HttpError(400, BAD_JSON);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, BAD_JSON);
  }
  // A `__proto__` key can only be spelled literally or with a \u escape: other bodies skip the walk.
  if ((text.includes('__proto__') || text.includes('\\u')) && hasProtoKey(value)) throw new HttpError(400, FORBIDDEN_KEY);
  return value;
}

/** A route that takes a body other than JSON, as the specification says (forms, photo uploads). */
export interface OtherBodyRoute {
  method: string;
  /** Matched against `req.path` inside the router the parser is mounted on. */
  path: RegExp;
  type: 'urlencoded' | 'multipart';
}

export interface JsonBodyOptions {
  limit: string | number;
  /** Explicit per-route allowances for non-JSON bodies; every other body must be JSON. */
  otherBodies?: OtherBodyRoute[];
  maxDepth?: number;
}

const MEDIA: Record<OtherBodyRoute['type'], string> = {
  urlencoded: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

/** No body at all, or an empty one sent without a content type (a bare `fetch(url, {method: 'POST'})`). */
function carriesNoBody(req: Request): boolean {
  if (req.is('*/*') === null) return true;
  return !req.headers['content-type'] && req.headers['content-length'] === '0';
}

/**
 * The body parser of /api and /db. JSON bodies are read as text, refused when nested deeper than
 * MAX_JSON_DEPTH or carrying `__proto__`, then parsed. Any other content type is refused with 415
 * (a cross-site form or `text/plain` request can never be read as JSON), except on the routes
 * listed in `otherBodies`: form bodies are parsed, multipart is left to the route. Errors are
 * HttpErrors, answered by the app's error handler in the shape of the path (/db or /api).
 */
export function jsonBody({ limit, otherBodies = [], maxDepth = MAX_JSON_DEPTH }: JsonBodyOptions): RequestHandler {
  const maxBytes = byteLimit(limit);
  const readForm = express.urlencoded({ extended: false, limit, parameterLimit: 200 });
  return (req, res, next) => {
    if (carriesNoBody(req)) return next();
    if (req.is('application/json')) {
      // Bounded as it is read: an over-cap body is refused from its declared length, unread (bounded-body.ts).
      readBodyText(req, res, { limit: maxBytes }).then(
        (text) => {
          try {
            req.body = parseJsonBody(text, maxDepth);
          } catch (e) {
            return next(e);
          }
          next();
        },
        (e: unknown) => next(e),
      );
      return;
    }
    const allowed = otherBodies.find((o) => o.method === req.method && o.path.test(req.path) && req.is(MEDIA[o.type]));
    if (allowed?.type === 'multipart') return next();
    if (allowed?.type === 'urlencoded') {
      // Forms too are refused from their declared length before a byte is read (multipart has its route's own caps).
      const early = declaredTooLarge(req, res, maxBytes);
      if (early) return next(early);
      return readForm(req, res, (err?: unknown) => {
        if (err) return next(err);
        next(hasProtoKey(req.body) ? new HttpError(400, FORBIDDEN_KEY) : undefined);
      });
    }
    next(new HttpError(415, NOT_JSON));
  };
}
