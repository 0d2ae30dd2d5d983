/**
 * Talking to the gateway's replication endpoint: the fetch used (injectable, so Node tests can
 * carry the session cookie), the `GET /db/` answer with the scope fingerprint, and the three
 * kinds of failure the sync state tells apart.
 */
import type { FetchFn } from '../db/pouch';

export type { FetchFn } from '../db/pouch';

/** The browser's fetch, always with the session cookie. */
export const browserFetch: FetchFn = (input, init) => globalThis.fetch(input, { ...init, credentials: 'include' });

export type FailureKind =
  /** The session expired (401): pause, keep the data, ask to sign in again. */
  | 'unauthorized'
  /** The request never got an answer from the gateway: offline, DNS, proxy page, 502-504. */
  | 'network'
  /** The gateway answered with a failure that is not about connectivity. */
  | 'server';

export class SyncFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SyncFailure';
  }
}

const UNREACHABLE_STATUSES = new Set([0, 502, 503, 504]);

/**
 * Sorts any error from fetch or PouchDB. PouchDB wraps a failed fetch (TypeError) and an HTML
 * answer that is not JSON (SyntaxError) into errors without an HTTP status: both mean the
 * gateway was not reached. Local IndexedDB failures carry a status (500), so they stay errors.
 */
export function classifyFailure(err: unknown): FailureKind {
  if (err instanceof SyncFailure) return err.kind;
  const e = (err ?? {}) as { status?: unknown; name?: unknown };
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === 401 || e.name === 'unauthorized') return 'unauthorized';
  if (status === undefined || UNREACHABLE_STATUSES.has(status)) return 'network';
  return 'server';
}

export function failureMessage(err: unknown): string {
  const e = (err ?? {}) as { reason?: unknown; message?: unknown };
  if (typeof e.reason === 'string' && e.reason) return e.reason;
  if (typeof e.message === 'string' && e.message) return e.message;
  return 'Error desconocido';
}

export interface GatewayInfo {
  uuid: string;
  /** Fingerprint of the person's scope; changes with role, employee link or assignments. */
  scope: string;
}

/** `GET /db/`, with a timeout so a dead connection reads as offline instead of hanging. */
export async function fetchGatewayInfo(origin: string, fetchFn: FetchFn, timeoutMs = 15_000): Promise<GatewayInfo> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  let body: unknown;
  try {
    res = await fetchFn(`${origin}/db/`, { headers: { Accept: 'application/json' }, credentials: 'include', signal: controller.signal });
    if (res.status === 401) throw new SyncFailure('unauthorized', 'Sesión expirada', 401);
    if (UNREACHABLE_STATUSES.has(res.status)) throw new SyncFailure('network', `El servidor no responde (${res.status})`, res.status);
    try {
      body = await res.json();
    } catch {
      // A captive portal or a proxy's error page: the gateway itself was not reached.
      throw new SyncFailure('network', 'La respuesta del servidor no es JSON', res.status);
    }
  } catch (err) {
    if (err instanceof SyncFailure) throw err;
    throw new SyncFailure('network', failureMessage(err));
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) throw new SyncFailure('server', failureMessage(body), res.status);
  const b = (body ?? {}) as Record<string, unknown>;
  return { uuid: typeof b.uuid === 'string' ? b.uuid : '', scope: typeof b.scope === 'string' ? b.scope : '' };
}
