/**
 * Talking to the gateway's replication endpoint: the fetch used (injectable, so Node tests can
 * carry the session cookie), the `GET /db/` answer with the scope fingerprint, and the three
 * kinds of failure the sync state tells apart.
 */
import type { FetchFn } from '../db/pouch';
import type { OfflineLimits } from '../vault/offline-limits';
import { detailText, serverAnswerText, TEXT_DOCS_NOT_DELIVERED } from './texts';

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

/** What `reachingFetch` throws when the gateway was not reached; PouchDB keeps its `status` (0). */
function unreachable(message: string, status = 0): Error {
  return Object.assign(new Error(message), { status, reason: message, unreachable: true });
}

/**
 * The sync's fetch, saying plainly when the gateway was not reached. PouchDB turns a failed fetch
 * (TypeError) and an answer that is not JSON (a proxy's or a captive portal's page) into errors
 * without an HTTP status, just like its own failures (`There was a problem getting docs`, a
 * gateway that announced a revision and did not hand it over): told apart here, a broken sync
 * is never shown as a lost connection. The body is read here too, so that a connection lost
 * mid-answer also counts as unreachable. A request the caller aborted fails as it would.
 */
export function reachingFetch(fetchFn: FetchFn): FetchFn {
  return async (input, init) => {
    let res: Response;
    let body: ArrayBuffer;
    try {
      res = await fetchFn(input, init);
      body = await res.arrayBuffer();
    } catch (err) {
      if (init?.signal?.aborted) throw err;
      throw unreachable(failureMessage(err));
    }
    if (UNREACHABLE_STATUSES.has(res.status)) throw unreachable(`El servidor no responde (${res.status})`, res.status);
    if (/^text\/html/i.test(res.headers.get('content-type') ?? '')) throw unreachable('La respuesta del servidor no es JSON', res.status);
    return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * Sorts any error from fetch or PouchDB. Only what `reachingFetch` (or `fetchGatewayInfo`) saw as
 * unreachable, an unreachable status, or a browser that says it is offline is a lost connection;
 * an error without a status is PouchDB's own (the gateway answered, the replication broke), and
 * local IndexedDB failures carry a status (500): both are sync errors.
 */
export function classifyFailure(err: unknown, online = true): FailureKind {
  if (err instanceof SyncFailure) return err.kind;
  const e = (err ?? {}) as { status?: unknown; name?: unknown; unreachable?: unknown };
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === 401 || e.name === 'unauthorized') return 'unauthorized';
  if (!online || e.unreachable === true || (status !== undefined && UNREACHABLE_STATUSES.has(status))) return 'network';
  return 'server';
}

export function failureMessage(err: unknown): string {
  const e = (err ?? {}) as { reason?: unknown; message?: unknown };
  if (typeof e.reason === 'string' && e.reason) return e.reason;
  if (typeof e.message === 'string' && e.message) return e.message;
  return 'Error desconocido';
}

/** PouchDB's own messages, in the person's words. */
const POUCH_MESSAGES: Record<string, string> = {
  'There was a problem getting docs.': TEXT_DOCS_NOT_DELIVERED,
};

/** Why a sync failed, in Spanish, for the panel: what the gateway said, or what PouchDB meant. */
export function failureReason(err: unknown): string {
  if (err instanceof SyncFailure) return err.message;
  const e = (err ?? {}) as { status?: unknown };
  const message = failureMessage(err);
  const known = POUCH_MESSAGES[message];
  if (known) return known;
  return typeof e.status === 'number' && e.status >= 400 ? serverAnswerText(e.status, message) : detailText(message);
}

export interface GatewayInfo {
  uuid: string;
  /** Fingerprint of the person's scope; changes with role, employee link or assignments. */
  scope: string;
  /** The operator's offline limits as the gateway says them with every sync (vault/offline-limits.ts). */
  limits: OfflineLimits;
  /** Fingerprint of the person's device set (issue 34); empty when the device keeps the whole scope. */
  set: string;
  /** The operator's storage budget for the person's data, in MB (DISPOSITIVO_ESPACIO_MB); null when the gateway does not say. */
  budgetMb: number | null;
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
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return { uuid: text(b.uuid), scope: text(b.scope), set: text(b.set),
    limits: { gracia_dias: b.gracia_dias, borrado_dias: b.borrado_dias },
    budgetMb: typeof b.espacio_mb === 'number' && b.espacio_mb > 0 ? b.espacio_mb : null,
  };
}
