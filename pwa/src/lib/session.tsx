/**
 * The session of the PWA: unknown until the first auth check, then authenticated(user) or
 * anonymous (spec 000 section 4). Lives in lib/ so every feature can read it without
 * importing app/ or another feature.
 *
 * Offline rule (DESIGN section 5): when the gateway cannot be reached and a user is cached in
 * localStorage, that user stands; only a definitive answer from the server (401/403) ends it.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { ApiError, api } from './api';
import { requestPersistentStorage } from './pwa';
import { SIGNIN_FAILED } from '../../../couch-design/usuario/signin-messages';
import { ANONYMOUS, checkSession, sessionFromPage, takeFirstCheck, type AuthAnswer, type SessionSnapshot } from './session-check';
import { clearStoredUser, readStoredUser, toAuthUser, USER_STORAGE_KEY, writeStoredUser, type AuthUser } from './session-storage';

export type { AuthUser } from './session-storage';
export { type SessionSnapshot, type SessionStatus } from './session-check';

export interface SessionValue extends SessionSnapshot {
  /** A check-auth call is running (the first one or a refresh). */
  checking: boolean;
  /** Throws an ApiError with the server's Spanish message when the sign-in is refused. */
  signIn(email: string, password: string): Promise<AuthUser>;
  /** Resolves false when a guard cancelled it or the server could not be told (the user stays). */
  signOut(): Promise<boolean>;
  refresh(): Promise<void>;
}

// --- Extension points used by the sync layer -------------------------------------------

export type SignOutGuard = () => Promise<boolean>;
export type SignedOutCallback = (user: AuthUser | null) => void | Promise<void>;

const signOutGuards = new Set<SignOutGuard>();
const signedOutCallbacks = new Set<SignedOutCallback>();

/** A guard runs before sign-out; resolving false cancels it (e.g. unsynced changes). */
export function registerSignOutGuard(fn: SignOutGuard): () => void {
  signOutGuards.add(fn);
  return () => signOutGuards.delete(fn);
}

/**
 * Runs after the server ended the session and before the app shows the sign-in screen, with
 * the user who left, so local databases of that person can be destroyed (shared tablets).
 */
export function onSignedOut(fn: SignedOutCallback): () => void {
  signedOutCallbacks.add(fn);
  return () => signedOutCallbacks.delete(fn);
}

async function guardsAllow(): Promise<boolean> {
  for (const guard of [...signOutGuards]) {
    try {
      if (!(await guard())) return false;
    } catch (err) {
      console.error('Un guardián de cierre de sesión falló; se cancela el cierre.', err);
      return false;
    }
  }
  return true;
}

// --- Provider ---------------------------------------------------------------------------

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }): JSX.Element {
  // A page that arrived with its session answered starts from that answer: no loading screen
  // between the start-up frame (boot.ts) and the first screen.
  const [snapshot, setSnapshot] = useState<SessionSnapshot>(() => {
    const answered = sessionFromPage();
    // Kept before any screen reads: until sync starts (when the page is idle) the device's
    // databases are found through this entry, and a screen's first read comes before any effect here.
    if (answered?.status === 'authenticated' && answered.user && !answered.fromCache) writeStoredUser(answered.user);
    return answered ?? { status: 'unknown', user: null, fromCache: false };
  });
  const [checking, setChecking] = useState(() => sessionFromPage() === null);
  const current = useRef(snapshot);
  current.current = snapshot;

  const apply = useCallback((next: SessionSnapshot) => {
    if (next.status === 'authenticated' && next.user && !next.fromCache) writeStoredUser(next.user);
    if (next.status === 'anonymous') clearStoredUser();
    setSnapshot(next);
  }, []);

  const refresh = useCallback(async () => {
    setChecking(true);
    let next: SessionSnapshot | undefined;
    try {
      next = await (takeFirstCheck() ?? checkSession(current.current.user ?? readStoredUser()));
    } finally {
      // A transition, like the arrival of the start-up code (app/routes.tsx): the answer may be
      // what draws the first screen, a render long enough to block a phone. The answer and the
      // end of the check land in one render, so nobody sees the check over with the old answer.
      startTransition(() => {
        if (next) apply(next);
        setChecking(false);
      });
    }
  }, [apply]);

  useEffect(() => {
    const answered = sessionFromPage();
    if (!answered) {
      void refresh();
      return;
    }
    void takeFirstCheck();
    apply(answered); // the state already holds it: this only keeps the user for offline use
  }, [refresh, apply]);

  useEffect(() => {
    // Back online after standing on the cached user: ask the server whether the session still lives.
    const onOnline = () => {
      if (current.current.fromCache) void refresh();
    };
    // Another tab signed in or out: follow it, so two tabs never disagree about who is signed in.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== USER_STORAGE_KEY && e.key !== null) return;
      const stored = readStoredUser();
      if (!stored) setSnapshot(ANONYMOUS);
      else if (stored.id !== current.current.user?.id || stored.role !== current.current.user?.role) {
        setSnapshot({ status: 'authenticated', user: stored, fromCache: current.current.fromCache });
      }
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const answer = await api.post<AuthAnswer>('/api/signin', { email, password });
      const user = toAuthUser(answer.user);
      if (!answer.success || !user) throw new ApiError(answer.mensaje || SIGNIN_FAILED, 401);
      apply({ status: 'authenticated', user, fromCache: false });
      void requestPersistentStorage();
      return user;
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    if (!(await guardsAllow())) return false;
    try {
      await api.post('/api/logout');
    } catch (err) {
      console.error('No se pudo cerrar la sesión en el servidor.', err);
      return false;
    }
    const leaving = current.current.user;
    clearStoredUser();
    for (const callback of [...signedOutCallbacks]) {
      try {
        await callback(leaving);
      } catch (err) {
        console.error('Error al limpiar los datos locales tras cerrar sesión.', err);
      }
    }
    setSnapshot(ANONYMOUS);
    return true;
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...snapshot, checking, signIn, signOut, refresh }),
    [snapshot, checking, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() necesita un <SessionProvider> por encima.');
  return value;
}
