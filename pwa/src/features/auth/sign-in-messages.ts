import { ApiError } from '../../lib/api';

export const EMPTY_FIELDS = 'Por favor, completa todos los campos.';
export const WRONG_CREDENTIALS = 'El correo o la contraseña son incorrectos.';
export const NO_CONNECTION = 'Error al conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/**
 * Spec 000 section 8 shows one text for every refused sign-in; the rate limit (429) and a
 * missing field (400) keep the server's own words, and an unreachable server says so instead
 * of blaming the password.
 */
export function signInErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.offline) return NO_CONNECTION;
    if ((err.status === 429 || err.status === 400) && err.message) return err.message;
  }
  return WRONG_CREDENTIALS;
}
