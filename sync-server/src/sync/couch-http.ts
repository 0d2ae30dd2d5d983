/**
 * Reading CouchDB's query parameters and bodies. Every refusal is an HttpError: the app's error
 * handler answers it in CouchDB's `{error, reason}` shape for any path under /db.
 */
import type { Request } from 'express';
import { isDict as isPlainObject } from '../../../couch-design/helpers/values';
import { HttpError } from '../http/errors';
import { exceedsJsonDepth } from '../http/json-body';

export const MSG = {
  notSignedIn: 'Debe iniciar sesión para sincronizar.',
  forbiddenPath: 'Esta operación no está disponible en la sincronización.',
  unknownDb: 'La base de datos no existe.',
  missing: 'missing',
  badParam: (name: string) => `El parámetro '${name}' no es válido.`,
  badBody: 'El cuerpo de la petición no tiene la forma esperada.',
  badFilter: 'Filtro no permitido: use doc_ids o un selector.',
  badSelector: 'El selector no es válido.',
  badFeed: "Solo se admiten los modos 'normal' y 'longpoll'.",
  tooMany: (name: string, max: number) => `Demasiados elementos en '${name}': como máximo ${max} por petición.`,
  tooDeep: (name: string) => `El parámetro '${name}' tiene demasiados niveles de anidación.`,
  selectorTooLarge: 'El selector es demasiado grande o tiene demasiados niveles de anidación.',
  localTooLarge: (maxKb: number) => `El punto de control es demasiado grande: como máximo ${maxKb} KB.`,
  localBusy: 'Otro dispositivo está guardando sus puntos de control; intente de nuevo.',
} as const;

export const badRequest = (reason: string): HttpError => new HttpError(400, reason);
export const forbidden = (reason: string = MSG.forbiddenPath): HttpError => new HttpError(403, reason);
export const notFound = (reason: string = MSG.missing): HttpError => new HttpError(404, reason);
export const tooLarge = (reason: string): HttpError => new HttpError(413, reason);

type Query = Request['query'];

function one(query: Query, name: string): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badRequest(MSG.badParam(name));
  return v;
}

export function boolParam(query: Query, name: string): boolean {
  const v = one(query, name);
  if (v === undefined) return false;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  throw badRequest(MSG.badParam(name));
}

export function intParam(query: Query, name: string): number | undefined {
  const v = one(query, name);
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,12}$/.test(v)) throw badRequest(MSG.badParam(name));
  return Number(v);
}

export function stringParam(query: Query, name: string): string | undefined {
  return one(query, name);
}

/**
 * A parameter CouchDB carries as JSON in the query string (`open_revs`, `doc_ids`, `selector`),
 * refused unparsed when it nests deeper than `maxDepth`.
 */
export function jsonParam(query: Query, name: string, maxDepth: number): unknown {
  const v = one(query, name);
  if (v === undefined) return undefined;
  if (exceedsJsonDepth(v, maxDepth)) throw badRequest(MSG.tooDeep(name));
  try {
    return JSON.parse(v);
  } catch {
    throw badRequest(MSG.badParam(name));
  }
}

export { isPlainObject };

/** The parsed JSON body, or `{}` when the request carried none (CouchDB's reading, unlike /api's bodyObject). */
export function couchBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)) return {};
  if (!isPlainObject(body)) throw badRequest(MSG.badBody);
  return body;
}

/** A list of strings: 400 when it is anything else, 413 when it holds more than `max`. */
export function stringArray(v: unknown, what: string, max: number): string[] {
  if (!Array.isArray(v)) throw badRequest(MSG.badParam(what));
  if (v.length > max) throw tooLarge(MSG.tooMany(what, max));
  if (!v.every((x) => typeof x === 'string')) throw badRequest(MSG.badParam(what));
  return v;
}

/** JSON text of a parsed value, or `undefined` when it nests too deep for a recursive stringify. */
export function jsonText(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return undefined;
  }
}

/** Revision ids as CouchDB writes them: `<generation>-<hash>`. */
export const REV_PATTERN = /^[1-9]\d{0,9}-[0-9a-zA-Z]{1,64}$/;
