import { SIGNIN_EMPTY, SIGNIN_FAILED } from '../../../../couch-design/usuario/signin-messages';
// The class itself, not the data layer's index: that would bring the local databases' code to the sign-in screen.
import { DataError } from '../../lib/data/errors';

// The gateway answers the same words: one definition in couch-design.
export const EMPTY_FIELDS = SIGNIN_EMPTY;
export const NO_CONNECTION = 'Error al conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/**
 * Spec 000 section 8 shows one text for every refused sign-in; the rate limit (429) and a
 * missing field (400) keep the server's own words, and an unreachable server says so instead
 * of blaming the password.
 */
export function signInErrorMessage(err: unknown): string {
  if (err instanceof DataError) {
    if (err.offline) return NO_CONNECTION;
    if ((err.status === 429 || err.status === 400) && err.message) return err.message;
  }
  return SIGNIN_FAILED;
}
