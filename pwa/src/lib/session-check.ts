/**
 * The first question of every page load, "who is signed in here?", with no React in it, so the
 * start-up script (boot.ts) can send it before React is evaluated. The session provider
 * (session.tsx) takes that answer and asks again whenever it needs to.
 */
import { DEFAULT_DEVICE_SETTINGS, PAGE_SESSION_ID, type RevocationReason } from '../../../couch-design/usuario/session-answer';
import { ApiError, api } from './api';
import { readStoredUser, toAuthUser, type AuthUser } from './session-storage';
import { recordContact } from './vault/offline-limits';

/** 'locked': a person's data is on this device but their key is not in memory (lib/vault). */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous' | 'locked';

export interface SessionSnapshot {
  status: SessionStatus;
  user: AuthUser | null;
  /** True while the session stands on the cached user because the server could not be reached. */
  fromCache: boolean;
  /** The gateway said this device's person was deleted or signed out of every device: wipe. */
  revoked?: boolean;
  /** Why, when the gateway said (none: the account was deleted). */
  revokedWhy?: RevocationReason;
  /** Why the person is at the sign-in screen, when it was not their choice (a wipe). */
  notice?: string;
}

export interface AuthAnswer {
  success?: boolean;
  authenticated?: boolean;
  user?: unknown;
  mensaje?: string;
  /** The live session's key (base64): it opens the device's copy of the data key after a reload. */
  clave_sesion?: string;
  /** No session because the person was deleted or all their sessions were ended (sync-server auth/routes.ts). */
  revocada?: boolean;
  /** Why it was revoked, when not the account's deletion. */
  motivo?: RevocationReason;
  /** The operator's idle time before the app locks, in minutes (BLOQUEO_INACTIVIDAD_MIN). */
  bloqueo_min?: number;
  /** The operator's offline limits, in days (GRACIA_SIN_CONEXION_DIAS, BORRADO_SIN_CONEXION_DIAS). */
  gracia_dias?: number;
  borrado_dias?: number;
}

let secret: string | null = null;

/** The live session's key from the last answer that carried one (memory only). */
export function liveSessionSecret(): string | null {
  return secret;
}

const LOCK_MINUTES_KEY = 'inmo.bloqueo-min';
/** The operator's idle time, as the gateway last said it (kept for offline starts). */
export function lockMinutes(): number {
  try {
    const n = Number(localStorage.getItem(LOCK_MINUTES_KEY));
    return Number.isFinite(n) && n > 0 ? n : DEFAULT_DEVICE_SETTINGS.bloqueo_min;
  } catch {
    return DEFAULT_DEVICE_SETTINGS.bloqueo_min;
  }
}

function remember(answer: AuthAnswer): void {
  const signedIn = !!(answer.success || answer.authenticated);
  if (typeof answer.clave_sesion === 'string' && answer.clave_sesion) secret = answer.clave_sesion;
  else if (!signedIn) secret = null;
  // The gateway answered for this person: their offline grace period starts again (vault/offline-limits.ts).
  const id = signedIn ? toAuthUser(answer.user)?.id : undefined;
  if (id) recordContact(id, answer);
  if (typeof answer.bloqueo_min === 'number' && answer.bloqueo_min > 0) {
    try {
      localStorage.setItem(LOCK_MINUTES_KEY, String(answer.bloqueo_min));
    } catch {
      // storage disabled: the default stands
    }
  }
}

export function takeSessionAnswer(answer: AuthAnswer): void {
  remember(answer);
}

const PENDING_LOGOUT_KEY = 'inmo.cierre-pendiente';

/** Signed out while offline: the gateway is told at the next contact, before anything else. */
export function markLogoutPending(): void {
  try {
    localStorage.setItem(PENDING_LOGOUT_KEY, '1');
  } catch {
    // storage disabled: the session ends by itself on the gateway
  }
}

/** A sign-in replaced the session the pending sign-out meant (the gateway ends the old one): nothing left to send. */
export function clearPendingLogout(): void {
  try {
    localStorage.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

export function logoutPending(): boolean {
  try {
    return localStorage.getItem(PENDING_LOGOUT_KEY) === '1';
  } catch {
    return false;
  }
}

async function sendPendingLogout(): Promise<void> {
  try {
    await api.post('/api/logout');
    localStorage.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // still offline: asked again at the next check
  }
}

/** With a cached user a slow network must not hold the field agent at the loading screen. */
const CHECK_TIMEOUT_WITH_CACHE_MS = 5_000;
const CHECK_TIMEOUT_MS = 15_000;

export const ANONYMOUS: SessionSnapshot = { status: 'anonymous', user: null, fromCache: false };

function fromAnswer(answer: AuthAnswer): SessionSnapshot {
  remember(answer);
  const user = toAuthUser(answer.user);
  if ((answer.success || answer.authenticated) && user) return { status: 'authenticated', user, fromCache: false };
  if (!answer.revocada) return ANONYMOUS;
  return { ...ANONYMOUS, revoked: true, ...(answer.motivo ? { revokedWhy: answer.motivo } : {}) };
}

/** One auth check, turned into the next session state. Pure apart from the HTTP call. */
export async function checkSession(cached: AuthUser | null): Promise<SessionSnapshot> {
  // Checked synchronously: the check itself must go out at once (boot.ts sends it before React).
  if (logoutPending()) await sendPendingLogout();
  try {
    const answer = await api.get<AuthAnswer>('/api/check-auth', {
      timeoutMs: cached ? CHECK_TIMEOUT_WITH_CACHE_MS : CHECK_TIMEOUT_MS,
    });
    return fromAnswer(answer);
  } catch (err) {
    const refused = err instanceof ApiError && (err.status === 401 || err.status === 403);
    if (!refused && cached) return { status: 'authenticated', user: cached, fromCache: true };
    return ANONYMOUS;
  }
}

/**
 * The answer the gateway wrote into the page of a signed-in navigation (its
 * http/shell-page.ts), read once. Only a signed-in answer counts: anything else asks the server.
 */
function answerInPage(): SessionSnapshot | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_SESSION_ID);
  if (!block) return null;
  block.remove();
  try {
    const snapshot = fromAnswer(JSON.parse(block.textContent ?? '') as AuthAnswer);
    return snapshot.status === 'authenticated' ? snapshot : null;
  } catch {
    return null;
  }
}

let firstCheck: Promise<SessionSnapshot> | null = null;
let pageSession: SessionSnapshot | null = null;

/**
 * Sends the first auth check before React is even evaluated (boot.ts), so its answer arrives a
 * render sooner; the provider's first check takes this one instead of sending its own. A page
 * that arrived with the answer needs no check at all: the answer is returned (and kept for the
 * provider's first render).
 */
export function startFirstSessionCheck(): SessionSnapshot | null {
  if (!firstCheck) {
    pageSession = answerInPage();
    firstCheck = pageSession ? Promise.resolve(pageSession) : checkSession(readStoredUser());
  }
  return pageSession;
}

/** The session this page arrived with, already checked by the gateway; null when it must be asked for. */
export function sessionFromPage(): SessionSnapshot | null {
  return pageSession;
}

export function takeFirstCheck(): Promise<SessionSnapshot> | null {
  const pending = firstCheck;
  firstCheck = null;
  return pending;
}
