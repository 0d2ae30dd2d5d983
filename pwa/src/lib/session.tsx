/**
 * The session of the PWA: unknown until the first auth check, then authenticated(user) or
 * anonymous (spec 000 section 4). Lives in lib/ so every feature can read it without
 * importing app/ or another feature.
 *
 * Offline rule (docs/architecture.md section 5): when the gateway cannot be reached and a user is cached in
 * localStorage, that user stands; only a definitive answer from the server (401/403) ends it.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { ApiError, api } from './api';
import { requestPersistentStorage } from './pwa';
import type { RevocationReason } from '../../../couch-design/usuario/session-answer';
import { SIGNIN_FAILED } from '../../../couch-design/usuario/signin-messages';
import { isUnreachable } from './data/errors';
import { ANONYMOUS, checkSession, clearPendingLogout, liveSessionSecret, logoutPending, markLogoutPending, sessionFromPage, takeFirstCheck, takeSessionAnswer, type AuthAnswer, type SessionSnapshot } from './session-check';
import { clearStoredUser, clearTabCopies, readStoredUser, toAuthUser, USER_STORAGE_KEY, writeStoredUser, type AuthUser } from './session-storage';
import { idleExpired, watchIdle } from './vault/idle-lock';
import { hasKey, onKeysChanged } from './vault/keyring';
import { limitsOf, offlineState, ownersPastWipe, recordContact, watchGrace } from './vault/offline-limits';
import { hasVault, keepProfile, lockVault, openAtSignIn, readProfile, resumeWithSession, unlockWithPassword, type UnlockResult } from './vault/vault';
import { readVault } from './vault/vault-store';

/** The wipe opens the person's databases (PouchDB): loaded when needed, never with the sign-in screen. */
const wiping = () => import('./vault/wipe');
const wipePersonData = async (userId: string) => (await wiping()).wipePersonData(userId);
const wipeOthers = async (userId: string) => (await wiping()).wipeOthers(userId);

export type { AuthUser } from './session-storage';
export { type SessionSnapshot, type SessionStatus } from './session-check';
export type { UnlockResult } from './vault/vault';

/** Why a device wiped its person's data on its own: said on the sign-in screen. */
export const REVOKED_NOTICE = 'Se borraron los datos de este dispositivo porque tu cuenta ya no tiene acceso. Si crees que es un error, habla con un administrador.';
/** The same, by why the gateway revoked the session (couch-design/usuario/session-answer.ts). */
export const REVOKED_NOTICES: Record<RevocationReason, string> = {
  cuenta: REVOKED_NOTICE,
  dispositivo: 'Se borraron los datos de este dispositivo porque se pidió desde otra sesión de tu cuenta («Mis dispositivos»). Inicia sesión para volver a descargarlos.',
  todos: 'Se borraron los datos de este dispositivo porque un administrador cerró tu sesión en todos los dispositivos. Inicia sesión para volver a descargarlos.',
};
export const TOO_MANY_TRIES_NOTICE = 'Se borraron los datos de este dispositivo tras 10 contraseñas equivocadas. Inicia sesión con conexión para volver a descargarlos.';

export function offlineWipeNotice(days: number): string {
  return `Se borraron los datos de este dispositivo porque pasaron más de ${days} días sin conectarse al servidor. Inicia sesión con conexión para volver a descargarlos.`;
}

/**
 * Everyone on this device past their wipe limit without reaching the gateway goes (the start of
 * the app is the "next open" of docs/architecture.md). Resolves with the wiped limit in days when
 * `currentId` was among them: the caller then tells that person why.
 */
async function wipeUnreached(currentId: string | undefined): Promise<number | null> {
  const stale = ownersPastWipe();
  if (stale.length === 0) return null;
  const days = currentId && stale.includes(currentId) ? limitsOf(readVault(currentId)).wipeDays : null;
  for (const id of stale) {
    if (id !== currentId) await wipePersonData(id).catch((err: unknown) => console.error('No se pudieron borrar los datos de este dispositivo.', err));
  }
  return days;
}

export interface SessionValue extends SessionSnapshot {
  /** A check-auth call is running (the first one or a refresh). */
  checking: boolean;
  /** Throws an ApiError with the server's Spanish message when the sign-in is refused. */
  signIn(email: string, password: string): Promise<AuthUser>;
  /**
   * Resolves false when a guard cancelled it or the server refused (the user stays). Offline it
   * goes through: the local data goes, the gateway is told at the next contact.
   */
  signOut(): Promise<boolean>;
  refresh(): Promise<void>;
  /**
   * Asks the gateway whether this device was told to wipe (the sync was refused with 401: an
   * expired session and a revoked one look the same to it). Wipes if so; changes nothing otherwise.
   */
  checkRevoked(): Promise<void>;
  /** The 'Desbloquear' screen's try (status 'locked'); the last wrong one wipes the person's data. */
  unlock(password: string): Promise<UnlockResult>;
  /** Locks now (idle time): unsaved forms are kept as drafts first. */
  lock(): Promise<void>;
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

/** Work to finish before a lock takes the key away (a form's draft write). */
const lockSavers = new Set<() => Promise<void>>();

export function registerLockSaver(fn: () => Promise<void>): () => void {
  lockSavers.add(fn);
  return () => lockSavers.delete(fn);
}

async function saveBeforeLock(): Promise<void> {
  await Promise.all([...lockSavers].map((fn) => fn().catch((err: unknown) => console.error('No se pudo guardar el borrador antes de bloquear.', err))));
}

/**
 * The session as this device can serve it: a signed-in person whose key is not in memory is
 * 'locked' when their wrapped key is here, and must sign in again when it is not.
 */
export function withVault(next: SessionSnapshot): SessionSnapshot {
  if (next.status !== 'authenticated' || !next.user || hasKey(next.user.id)) return next;
  return hasVault(next.user.id) ? { ...next, status: 'locked' } : { ...ANONYMOUS };
}

/** After a check: open the key with the live session's copy when the person was not idle too long. */
async function settleVault(next: SessionSnapshot): Promise<SessionSnapshot> {
  const user = next.user;
  if (next.status !== 'authenticated' || !user) return next;
  const secret = liveSessionSecret();
  if (!next.fromCache && !hasKey(user.id) && secret) {
    if (idleExpired()) lockVault(user.id);
    else await resumeWithSession(user.id, secret);
  }
  const settled = withVault(next);
  if (settled.status !== 'authenticated') return settled;
  if (next.fromCache) return { ...settled, user: (await readProfile<AuthUser>(user.id)) ?? user };
  await keepProfile(user.id, user).catch(() => undefined);
  return settled;
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
    // main.tsx opened the key with the session's copy before the first render (vault/resume.ts).
    return answered ? withVault(answered) : { status: 'unknown', user: null, fromCache: false };
  });
  const [checking, setChecking] = useState(() => sessionFromPage() === null);
  const current = useRef(snapshot);
  current.current = snapshot;

  const apply = useCallback((next: SessionSnapshot) => {
    if (next.status === 'authenticated' && next.user && !next.fromCache) writeStoredUser(next.user);
    if (next.status === 'anonymous') clearStoredUser();
    setSnapshot(next);
  }, []);

  /** The person leaves this device for good: sync stops, their data, key and drafts go. */
  const leave = useCallback(async (user: AuthUser | null, notice?: string) => {
    clearStoredUser();
    for (const callback of [...signedOutCallbacks]) {
      try {
        await callback(user);
      } catch (err) {
        console.error('Error al limpiar los datos locales tras cerrar sesión.', err);
      }
    }
    if (user) await wipePersonData(user.id).catch((err: unknown) => console.error('No se pudieron borrar los datos de este dispositivo.', err));
    setSnapshot(notice ? { ...ANONYMOUS, notice } : ANONYMOUS);
  }, []);

  const refresh = useCallback(async () => {
    setChecking(true);
    let next: SessionSnapshot | undefined;
    try {
      next = await (takeFirstCheck() ?? checkSession(current.current.user ?? readStoredUser()));
      const known = current.current.user ?? readStoredUser();
      const gone = next.revoked ? known : null;
      // After the check: an answer from the gateway has started the person's offline clock again.
      const wipedAfterDays = gone ? null : await wipeUnreached((next.user ?? known)?.id);
      if (gone) {
        // Before anything is shown: the person was deleted or sent off every device meanwhile.
        const notice = REVOKED_NOTICES[next.revokedWhy ?? 'cuenta'];
        await leave(gone, notice);
        next = { ...ANONYMOUS, notice };
      } else if (wipedAfterDays !== null) {
        const notice = offlineWipeNotice(wipedAfterDays);
        await leave(next.user ?? known, notice);
        next = { ...ANONYMOUS, notice };
      } else {
        next = await settleVault(next);
      }
    } finally {
      // A transition, like the arrival of the start-up code (app/routes.tsx): the answer may be
      // what draws the first screen, a render long enough to block a phone. The answer and the
      // end of the check land in one render, so nobody sees the check over with the old answer.
      startTransition(() => {
        if (next) apply(next);
        setChecking(false);
      });
    }
  }, [apply, leave]);

  const checkRevoked = useCallback(async () => {
    const user = current.current.user ?? readStoredUser();
    if (!user) return;
    const next = await checkSession(user);
    if (next.revoked && current.current.user?.id === user.id) await leave(user, REVOKED_NOTICES[next.revokedWhy ?? 'cuenta']);
  }, [leave]);

  useEffect(() => {
    const answered = sessionFromPage();
    if (!answered) {
      void refresh();
      return;
    }
    void takeFirstCheck();
    apply(answered); // the state already holds it: this only keeps the user for offline use
    void wipeUnreached(answered.user?.id); // the others on this device past their wipe limit
  }, [refresh, apply]);

  useEffect(() => {
    // Back online: ask the server whether the session still lives.
    // Every reconnection asks: a person deleted meanwhile is wiped at this first contact (a
    // sync's refusal alone could not tell a revoked session from an expired one).
    // A sign-out made offline is sent then too: until it is, the browser's cookie still opens the session.
    const onOnline = () => {
      if (current.current.fromCache || current.current.status === 'authenticated' || current.current.status === 'locked' || logoutPending()) void refresh();
    };
    // Another tab signed in or out: follow it, so two tabs never disagree about who is signed in.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== USER_STORAGE_KEY && e.key !== null) return;
      const stored = readStoredUser();
      if (!stored) setSnapshot(ANONYMOUS);
      else if (stored.id !== current.current.user?.id) {
        // Another person signed in in another tab: their key is not in this one's memory.
        setSnapshot(withVault({ status: 'authenticated', user: stored, fromCache: current.current.fromCache }));
      } else if (current.current.user && (stored.role !== current.current.user.role || stored.empleado_id !== current.current.user.empleado_id)) {
        setSnapshot({ ...current.current, user: { ...current.current.user, role: stored.role, empleado_id: stored.empleado_id } });
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
      // The sign-in took the place of the session an offline sign-out left: sending that sign-out
      // now would end this one.
      clearPendingLogout();
      takeSessionAnswer(answer);
      // The gateway just checked the password: it opens (or makes) this person's key here.
      await openAtSignIn(user.id, password, liveSessionSecret(), { wipe: () => wipePersonData(user.id) });
      recordContact(user.id, answer); // a first sign-in here made the key record only now
      await keepProfile(user.id, user);
      // A shared tablet: nothing of the previous people stays beside this one's, but unsent changes.
      await wipeOthers(user.id).catch((err: unknown) => console.error('No se pudieron borrar los datos de otras personas.', err));
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
      // Offline: the person leaves anyway (the guard has asked about unsent changes); the
      // gateway's session is ended at the next contact (session-check.ts).
      if (!isUnreachable(err)) {
        console.error('No se pudo cerrar la sesión en el servidor.', err);
        return false;
      }
      markLogoutPending();
    }
    await leave(current.current.user);
    return true;
  }, [leave]);

  const unlock = useCallback(
    async (password: string): Promise<UnlockResult> => {
      const locked = current.current;
      if (locked.status !== 'locked' || !locked.user) return { ok: false, reason: 'missing' };
      let online = !locked.fromCache;
      if (offlineState(locked.user.id) !== 'open') {
        // Past the grace period only the gateway opens the data: its answer restarts the clock.
        const answer = await checkSession(locked.user);
        online = answer.status === 'authenticated' && !answer.fromCache && answer.user?.id === locked.user.id;
        if (!online) {
          // An ended or revoked session: the session follows it (sign-in screen, or the wipe).
          if (!answer.fromCache) void refresh();
          return { ok: false, reason: 'offline' };
        }
      }
      const result = await unlockWithPassword(locked.user.id, password, online ? liveSessionSecret() : null);
      if (result.ok) {
        const user = (await readProfile<AuthUser>(locked.user.id)) ?? locked.user;
        writeStoredUser(user);
        setSnapshot({ status: 'authenticated', user, fromCache: locked.fromCache });
      } else if (result.reason === 'wipe') {
        await leave(locked.user, TOO_MANY_TRIES_NOTICE);
      }
      return result;
    },
    [leave, refresh],
  );

  const lock = useCallback(async () => {
    const open = current.current;
    if (open.status !== 'authenticated' || !open.user) return;
    await saveBeforeLock();
    lockVault(open.user.id);
    clearTabCopies();
    setSnapshot({ ...open, status: 'locked' });
  }, []);

  // Idle time and background: the app locks (vault/idle-lock.ts).
  const openUser = snapshot.status === 'authenticated' ? snapshot.user?.id : undefined;
  useEffect(() => {
    if (!openUser) return;
    return watchIdle(() => void lock());
  }, [openUser, lock]);

  // The grace period ends while the app is open (used offline for days): the gateway is asked
  // first, and if it cannot answer for the person, the app locks until an online sign-in.
  useEffect(() => {
    if (!openUser) return;
    return watchGrace(openUser, async () => {
      await refresh();
      if (offlineState(openUser) !== 'open') await lock();
    });
  }, [openUser, refresh, lock]);

  // A key dropped elsewhere (another part of the page locked): follow it.
  useEffect(
    () =>
      onKeysChanged(() => {
        const now = current.current;
        if (now.status === 'authenticated' && now.user && !hasKey(now.user.id)) setSnapshot(withVault(now));
      }),
    [],
  );

  const value = useMemo<SessionValue>(
    () => ({ ...snapshot, checking, signIn, signOut, refresh, checkRevoked, unlock, lock }),
    [snapshot, checking, signIn, signOut, refresh, checkRevoked, unlock, lock],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() necesita un <SessionProvider> por encima.');
  return value;
}
