import { StoreError } from './port';

interface PouchLikeError {
  status?: number;
  name?: string;
  reason?: string;
  message?: string;
}

const errorNames: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  412: 'file_exists',
  500: 'unknown_error',
};

/**
 * PouchDB errors already carry CouchDB's status and name; errors without a status (pouchdb-find
 * throws plain Errors for bad queries) get `fallbackStatus`.
 */
export function toStoreError(e: unknown, fallbackStatus = 500): StoreError {
  if (e instanceof StoreError) return e;
  const err = (e ?? {}) as PouchLikeError;
  const status = typeof err.status === 'number' ? err.status : fallbackStatus;
  const name = typeof err.status === 'number' && err.name && err.name !== 'Error' ? err.name : (errorNames[status] ?? 'unknown_error');
  const reason = err.reason ?? err.message ?? String(e);
  // The store closing under a request that was still running (the gateway stopping): try again.
  if (/database is closed/i.test(reason)) return new StoreError(503, 'service_unavailable', reason);
  return new StoreError(status, name, reason);
}
