import { randomBytes } from 'node:crypto';
import { claimLocal } from '../store/claim-local';
import type { StoreDb } from '../store/port';

/**
 * Without SESSION_SECRET the signing secret is generated once and kept in the store, so
 * sessions survive restarts and every gateway on the same database signs alike.
 */
export function sessionSecret(configured: string, sesiones: StoreDb): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return claimLocal(sesiones, 'session-secret', 'secret', () => randomBytes(48).toString('base64url'));
}
