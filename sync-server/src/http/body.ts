/** Request bodies and the answers about them, the same for every feature. */
import { isDict, type Dict } from '../../../couch-design/helpers/values';
import { isConflict } from '../store/port';
import { HttpError } from './errors';

export const NOT_AN_OBJECT = 'El cuerpo de la petición debe ser un objeto JSON.';

/** The body as an object; 400 for anything else (an array, a bare value, nothing). */
export function bodyObject(body: unknown): Dict {
  if (!isDict(body)) throw new HttpError(400, NOT_AN_OBJECT);
  return body;
}

/** A refusal about one field: `mensaje` and `errors: [{param, msg}]`, as validation answers. */
export function fieldError(param: string, msg: string, status = 400): HttpError {
  return new HttpError(status, msg, { errors: [{ param, msg }] });
}

/** A `_rev` the client read, when it sent one: a different current revision is someone else's edit (409). */
export function checkRev(current: { _rev?: string }, sent: unknown, staleMessage: string): void {
  if (typeof sent === 'string' && sent !== '' && sent !== current._rev) throw new HttpError(409, staleMessage);
}

/** A write that lost a race with another writer answers 409 with the feature's message, like a stale `_rev`. */
export async function orConflict<T>(write: Promise<T>, staleMessage: string): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (isConflict(e)) throw new HttpError(409, staleMessage);
    throw e;
  }
}
