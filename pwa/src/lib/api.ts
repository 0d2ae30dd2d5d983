/**
 * The generic JSON helper of specification 000 section 7. Every call to the gateway goes
 * through it so that errors always arrive as the data seam's `DataError` with a Spanish message.
 */

/**
 * The client throws the data seam's error (lib/data/errors): screens never see a class of
 * the HTTP client. `ApiError` is that same class under the name the client's callers know.
 */
import type { ValidationIssue } from '../../../couch-design/helpers/form-errors';
import { DataError } from './data/errors';

export { DataError as ApiError, isUnreachable, type DataErrorOptions as ApiErrorOptions } from './data/errors';

export const NOT_JSON_MESSAGE = 'La respuesta del servidor no es JSON';
export const REQUEST_FAILED_MESSAGE = 'Error en la petición';
export const NETWORK_MESSAGE = 'Error al conectar con el servidor';

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Serialised as the JSON body (Content-Type set accordingly). */
  json?: unknown;
  /** A raw body (FormData, URLSearchParams...) sent as is. */
  body?: BodyInit | null;
  /** Abort and report the server as unreachable after this many milliseconds. */
  timeoutMs?: number;
}

/** Reads a cookie named Authorization (any case); an httpOnly session cookie is never visible here. */
export function authorizationFromCookie(cookie: string | undefined): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim().toLowerCase() !== 'authorization') continue;
    const raw = part.slice(eq + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function documentCookie(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.cookie;
}

function isJsonResponse(res: Response): boolean {
  const type = res.headers.get('content-type') ?? '';
  return /\bjson\b/i.test(type);
}

function pickMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.mensaje === 'string' && b.mensaje) return b.mensaje;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return REQUEST_FAILED_MESSAGE;
}

function pickErrors(body: unknown): ValidationIssue[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const errors = (body as Record<string, unknown>).errors;
  return Array.isArray(errors) ? (errors as ValidationIssue[]) : undefined;
}

export async function apiFetch<T = unknown>(url: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, timeoutMs, headers: given, body: rawBody, signal: givenSignal, ...rest } = init;
  const headers = new Headers(given);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let body: BodyInit | null | undefined = rawBody;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  const auth = authorizationFromCookie(documentCookie());
  if (auth && !headers.has('Authorization')) headers.set('Authorization', auth);

  const controller = timeoutMs ? new AbortController() : null;
  const timer = controller ? setTimeout(() => controller.abort(), timeoutMs) : null;
  if (controller && givenSignal) givenSignal.addEventListener('abort', () => controller.abort(), { once: true });

  let res: Response;
  try {
    res = await fetch(url, {
      ...rest,
      headers,
      body,
      credentials: 'include',
      signal: controller ? controller.signal : givenSignal,
    });
  } catch (cause) {
    // A caller's own abort is not a connectivity problem: let it through unchanged.
    if (givenSignal?.aborted) throw cause;
    throw new DataError(NETWORK_MESSAGE, 0, { offline: true });
  } finally {
    if (timer) clearTimeout(timer);
  }

  if (!isJsonResponse(res)) {
    throw new DataError(NOT_JSON_MESSAGE, res.status, { notJson: true });
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new DataError(NOT_JSON_MESSAGE, res.status, { notJson: true });
  }
  if (!res.ok) {
    throw new DataError(pickMessage(data), res.status, { errors: pickErrors(data), body: data });
  }
  return data as T;
}

export const api = {
  get: <T = unknown>(url: string, init?: ApiRequestInit) => apiFetch<T>(url, { ...init, method: 'GET' }),
  post: <T = unknown>(url: string, json?: unknown, init?: ApiRequestInit) =>
    apiFetch<T>(url, { ...init, method: 'POST', json }),
  put: <T = unknown>(url: string, json?: unknown, init?: ApiRequestInit) =>
    apiFetch<T>(url, { ...init, method: 'PUT', json }),
  del: <T = unknown>(url: string, init?: ApiRequestInit) => apiFetch<T>(url, { ...init, method: 'DELETE' }),
};
