import { randomBytes } from 'node:crypto';
import { claimLocal } from '../store/claim-local';
import type { StoreDb } from '../store/port';

/** The `_local` document of the sesiones database that keeps the generated secret. */
export const SESSION_SECRET_DOC = 'session-secret';

/**
 * Without SESSION_SECRET the signing secret is generated once and kept in the store, so
 * sessions survive restarts and every gateway on the same database signs alike.
 */
export function sessionSecret(configured: string, sesiones: StoreDb): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return claimLocal(sesiones, SESSION_SECRET_DOC, 'secret', () => randomBytes(48).toString('base64url'));
}
