import { randomBytes } from 'node:crypto';
import { isConflict, isNotFound, type StoreDb } from '../store/port';

/**
 * Without SESSION_SECRET the signing secret is generated once and kept in the store, so
 * sessions survive restarts and every gateway on the same database signs alike.
 */
export async function sessionSecret(configured: string, sesiones: StoreDb): Promise<string> {
  if (configured) return configured;
  const id = 'session-secret';
  try {
    return String((await sesiones.getLocal(id)).secret);
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    await sesiones.putLocal({ _id: id, secret });
    return secret;
  } catch (e) {
    // Another gateway wrote it first: use theirs.
    if (isConflict(e)) return String((await sesiones.getLocal(id)).secret);
    throw e;
  }
}
