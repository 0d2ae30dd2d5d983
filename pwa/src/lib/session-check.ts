/**
 * The first question of every page load, "who is signed in here?", with no React in it, so the
 * start-up script (boot.ts) can send it before React is evaluated. The session provider
 * (session.tsx) takes that answer and asks again whenever it needs to.
 */
import { PAGE_SESSION_ID } from '../../../couch-design/usuario/session-answer';
import { ApiError, api } from './api';
import { readStoredUser, toAuthUser, type AuthUser } from './session-storage';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionSnapshot {
  status: SessionStatus;
  user: AuthUser | null;
  /** True while the session stands on the cached user because the server could not be reached. */
  fromCache: boolean;
}

export interface AuthAnswer {
  success?: boolean;
  authenticated?: boolean;
  user?: unknown;
  mensaje?: string;
}

/** With a cached user a slow network must not hold the field agent at the loading screen. */
const CHECK_TIMEOUT_WITH_CACHE_MS = 5_000;
const CHECK_TIMEOUT_MS = 15_000;

export const ANONYMOUS: SessionSnapshot = { status: 'anonymous', user: null, fromCache: false };

function fromAnswer(answer: AuthAnswer): SessionSnapshot {
  const user = toAuthUser(answer.user);
  if ((answer.success || answer.authenticated) && user) return { status: 'authenticated', user, fromCache: false };
  return ANONYMOUS;
}

/** One auth check, turned into the next session state. Pure apart from the HTTP call. */
export async function checkSession(cached: AuthUser | null): Promise<SessionSnapshot> {
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
