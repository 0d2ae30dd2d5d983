import { HttpError } from './errors';

export const BAD_ID = 'Identificador no válido.';

export const MAX_ID_LENGTH = 200;

/**
 * A document id as a client may name it in a URL: 1 to 200 characters, no '/', no control characters,
 * and not CouchDB's reserved `_` prefix (`_design/...`, `_local/...`), so a path can never reach a
 * design or local document.
 */
export function isValidId(raw: unknown): raw is string {
  return (
    typeof raw === 'string' &&
    raw.length > 0 &&
    raw.length <= MAX_ID_LENGTH &&
    raw.trim() === raw &&
    !raw.startsWith('_') &&
    !raw.includes('/') &&
    ![...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  );
}

export function parseId(raw: unknown, message: string = BAD_ID): string {
  if (!isValidId(raw)) throw new HttpError(400, message);
  return raw;
}
