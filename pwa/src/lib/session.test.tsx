// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeHandler } from './fake-fetch';
import { offlineWipeNotice, onSignedOut, registerLockSaver, registerSignOutGuard, REVOKED_NOTICE, REVOKED_NOTICES, SessionProvider, useSession } from './session';
import { checkSession } from './session-check';
import { USER_STORAGE_KEY } from './session-storage';
import { dropAllKeys, hasKey } from './vault/keyring';
import { offlineState } from './vault/offline-limits';
import { hasVault, tryState } from './vault/vault';
import { readVault, updateVault } from './vault/vault-store';

const ANA = { id: 'u-ana', role: 'user', empleado_id: 'e-7', email: 'ana@inmo.mx', nombre: 'Ana López' };
const PASSWORD = 'Clave-secreta-1';
/** The live session's key the gateway hands out (auth/routes.ts). */
const CLAVE = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i + 1)));
const LIMITS = { bloqueo_min: 15, gracia_dias: 7, borrado_dias: 30 };
const LIVE = { json: { success: true, authenticated: true, user: ANA, clave_sesion: CLAVE, ...LIMITS } };
const SIGNED_IN = { json: { success: true, user: ANA, clave_sesion: CLAVE, ...LIMITS } };
const DAY_MS = 86_400_000;
/** The clock moved on: the device last reached the gateway `days` ago. */
const lastContactDaysAgo = (days: number) => updateVault(ANA.id, (r) => ({ ...r, contacto: Date.now() - days * DAY_MS }));
/** What stays readable in the device's storage: never a name, an e-mail or the password. */
const clearStorage = () => JSON.stringify({ ...localStorage });

const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider>{children}</SessionProvider>;

function serve(routes: Record<string, FakeHandler>) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

async function settled() {
  const hook = renderHook(() => useSession(), { wrapper });
  await waitFor(() => expect(hook.result.current.status).not.toBe('unknown'));
  return hook;
}

const cleanups: Array<() => void> = [];

beforeEach(() => {
  localStorage.clear();
  dropAllKeys();
});

/** Ana signed in on this device once (her key made with the password), then the page reloads. */
async function signedInBefore(): Promise<void> {
  serve({ 'GET /api/check-auth': { json: { success: false, authenticated: false, mensaje: 'No hay una sesión activa.' } }, 'POST /api/signin': SIGNED_IN });
  const { result, unmount } = await settled();
  await act(() => result.current.signIn(ANA.email, PASSWORD));
  unmount();
  dropAllKeys();
  vi.unstubAllGlobals();
}
/**
 * Ana, signed in before, with the gateway reachable until `net.online` turns false: check-auth,
 * logout and (when given) the other routes fail as a network error while it is.
 */
async function signedInOnFlakyNetwork(more: Record<string, FakeHandler> = {}) {
  await signedInBefore();
  const net = { online: true };
  const fake = serve({
    'GET /api/check-auth': () => (net.online ? LIVE : { networkError: true }),
    'POST /api/logout': () => (net.online ? { json: { success: true } } : { networkError: true }),
    ...more,
  });
  const { result } = await settled();
  return { net, fake, result };
}
afterEach(() => {
  // Every provider a test drew goes: one left listening would answer the next test's 'online'.
  cleanup();
  cleanups.splice(0).forEach((fn) => fn());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session check on load', () => {
  it('signs in from check-auth with the session’s copy of the key; the user entry keeps no name or e-mail', async () => {
    await signedInBefore();
    const fake = serve({ 'GET /api/check-auth': LIVE });
    const { result } = await settled();
    expect(result.current.status).toBe('authenticated');
    expect(result.current.user).toEqual(ANA);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual({ id: ANA.id, role: ANA.role, empleado_id: ANA.empleado_id });
    expect(clearStorage()).not.toMatch(/ana@inmo\.mx|Ana López|Clave-secreta/);
    expect(fake.calls[0].credentials).toBe('include');
  });

  it('a live session on a device without the person’s key asks for the sign-in (the password makes the key)', async () => {
    serve({ 'GET /api/check-auth': LIVE });
    const { result } = await settled();
    expect(result.current.status).toBe('anonymous');
  });

  it('the answer and the end of the check arrive in the same render', async () => {
    await signedInBefore();
    serve({ 'GET /api/check-auth': LIVE });
    const seen: Array<[string, boolean]> = [];
    const hook = renderHook(
      () => {
        const session = useSession();
        seen.push([session.status, session.checking]);
        return session;
      },
      { wrapper },
    );
    await waitFor(() => expect(hook.result.current.checking).toBe(false));
    expect(hook.result.current.status).toBe('authenticated');
    // A screen that asks again once the check is over would otherwise ask while still 'unknown'.
    expect(seen.filter(([status, checking]) => status === 'unknown' && !checking)).toEqual([]);
  });

  it('offline, a person with data here is locked until the password opens the key; wrong ones are counted', async () => {
    await signedInBefore();
    serve({ 'GET /api/check-auth': { networkError: true } });
    const { result } = await settled();
    expect(result.current.status).toBe('locked');
    expect(result.current.user?.id).toBe('u-ana');
    expect(result.current.fromCache).toBe(true);
    let answer: unknown;
    await act(async () => void (answer = await result.current.unlock('equivocada')));
    expect(answer).toEqual({ ok: false, reason: 'wrong', left: 9, waitMs: 0 });
    expect(result.current.status).toBe('locked');
    await act(async () => void (answer = await result.current.unlock(PASSWORD)));
    expect(answer).toEqual({ ok: true });
    expect(result.current.status).toBe('authenticated');
    // The name and e-mail come back from the person's sealed profile.
    expect(result.current.user).toEqual(ANA);
  });

  it('locks on request: unsaved drafts are written first, and a reload then needs the password', async () => {
    await signedInBefore();
    serve({ 'GET /api/check-auth': LIVE });
    const { result, unmount } = await settled();
    expect(result.current.status).toBe('authenticated');
    let keyWhenSaved: boolean | null = null;
    cleanups.push(registerLockSaver(async () => void (keyWhenSaved = hasKey(ANA.id))));
    await act(() => result.current.lock());
    expect(keyWhenSaved).toBe(true);
    expect(result.current.status).toBe('locked');
    expect(hasKey(ANA.id)).toBe(false);
    unmount();
    const again = await settled();
    expect(again.result.current.status).toBe('locked');
  });

  it('a revoked answer wipes the person’s data, key and user entry before anything is shown, and says why', async () => {
    await signedInBefore();
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(ANA));
    serve({ 'GET /api/check-auth': { json: { success: false, authenticated: false, mensaje: 'Esta cuenta ya no tiene acceso.', revocada: true } } });
    const leaving: unknown[] = [];
    cleanups.push(onSignedOut((user) => void leaving.push(user?.id)));
    const { result } = await settled();
    expect(result.current.status).toBe('anonymous');
    expect(result.current.notice).toBe(REVOKED_NOTICE);
    expect(hasVault(ANA.id)).toBe(false);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(leaving).toEqual(['u-ana']);
  });

  it('checkRevoked (a sync refused with 401) wipes only a revoked session, with the reason the gateway gave', async () => {
    await signedInBefore();
    serve({ 'GET /api/check-auth': LIVE });
    const { result } = await settled();
    expect(result.current.status).toBe('authenticated');
    // Merely expired: nothing changes, the data stays for the same person's next sign-in.
    serve({ 'GET /api/check-auth': { json: { success: false, authenticated: false, mensaje: 'No hay una sesión activa.' } } });
    await act(() => result.current.checkRevoked());
    expect(result.current.status).toBe('authenticated');
    expect(hasVault(ANA.id)).toBe(true);
    // Erased from another of the person's devices.
    serve({ 'GET /api/check-auth': { json: { success: false, authenticated: false, mensaje: 'Se pidió borrar…', revocada: true, motivo: 'dispositivo' } } });
    await act(() => result.current.checkRevoked());
    expect(result.current.status).toBe('anonymous');
    expect(result.current.notice).toBe(REVOKED_NOTICES.dispositivo);
    expect(hasVault(ANA.id)).toBe(false);
  });

  it('is anonymous offline when nobody was cached', async () => {
    serve({ 'GET /api/check-auth': { networkError: true } });
    const { result } = await settled();
    expect(result.current.status).toBe('anonymous');
    expect(result.current.user).toBeNull();
  });

  it('a 401 ends the cached session and clears the user entry', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(ANA));
    serve({ 'GET /api/check-auth': { status: 401, json: { success: false, authenticated: false, mensaje: 'No autenticado' } } });
    const { result } = await settled();
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it("the gateway's 'nobody is signed in' answer (200) ends the cached session too", async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(ANA));
    serve({ 'GET /api/check-auth': { json: { success: false, authenticated: false, mensaje: 'No hay una sesión activa.' } } });
    const { result } = await settled();
    expect(result.current.status).toBe('anonymous');
    expect(result.current.fromCache).toBe(false);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('asks the server again when the connection comes back', async () => {
    await signedInBefore();
    let online = false;
    serve({
      'GET /api/check-auth': () =>
        online ? { status: 401, json: { success: false, mensaje: 'Sesión expirada' } } : { networkError: true },
    });
    const { result } = await settled();
    expect(result.current.fromCache).toBe(true);
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, makes the person’s key from the password and ends with the session authenticated', async () => {
    const fake = serve({
      'GET /api/check-auth': { status: 401, json: { success: false, mensaje: 'No autenticado' } },
      'POST /api/signin': SIGNED_IN,
    });
    const { result } = await settled();
    await act(() => result.current.signIn('ana@inmo.mx', PASSWORD));
    expect(result.current.status).toBe('authenticated');
    expect(result.current.user).toEqual(ANA);
    expect(fake.calls.at(-1)?.body).toEqual({ email: 'ana@inmo.mx', password: PASSWORD });
    expect(hasKey(ANA.id)).toBe(true);
    expect(hasVault(ANA.id)).toBe(true);
    expect(clearStorage()).not.toMatch(/ana@inmo\.mx|Ana López|Clave-secreta/);
  });

  it('a guard can cancel the sign-out before the server is called', async () => {
    await signedInBefore();
    const fake = serve({ 'GET /api/check-auth': LIVE, 'POST /api/logout': { json: { success: true } } });
    cleanups.push(registerSignOutGuard(async () => false));
    const { result } = await settled();
    let done = true;
    await act(async () => void (done = await result.current.signOut()));
    expect(done).toBe(false);
    expect(result.current.status).toBe('authenticated');
    expect(fake.calls.some((c) => c.path === '/api/logout')).toBe(false);
  });

  it('a logout the server refuses is only logged and the user stays', async () => {
    await signedInBefore();
    serve({ 'GET /api/check-auth': LIVE, 'POST /api/logout': { status: 500, json: { success: false, mensaje: 'Error interno' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = await settled();
    let done = true;
    await act(async () => void (done = await result.current.signOut()));
    expect(done).toBe(false);
    expect(logged).toHaveBeenCalled();
    expect(result.current.status).toBe('authenticated');
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });

  it('signs out offline: the data goes at once, and the gateway is told at the next contact', async () => {
    const { net, fake, result } = await signedInOnFlakyNetwork();
    expect(result.current.status).toBe('authenticated');
    net.online = false;
    let done = false;
    await act(async () => void (done = await result.current.signOut()));
    expect(done).toBe(true);
    expect(result.current.status).toBe('anonymous');
    expect(hasVault(ANA.id)).toBe(false);
    net.online = true;
    const before = fake.calls.length;
    await checkSession(null);
    expect(fake.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/logout', 'GET /api/check-auth']);
    const after = fake.calls.length;
    await checkSession(null);
    expect(fake.calls.slice(after).map((c) => c.path)).toEqual(['/api/check-auth']);
  });

  it('an offline sign-out is sent as soon as the connection comes back, before anything else', async () => {
    const { net, fake, result } = await signedInOnFlakyNetwork();
    net.online = false;
    await act(async () => void (await result.current.signOut()));
    net.online = true;
    const before = fake.calls.length;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(fake.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/logout', 'GET /api/check-auth']));
  });

  it('a sign-in after an offline sign-out never sends that sign-out: it would end the new session', async () => {
    const { net, fake, result } = await signedInOnFlakyNetwork({ 'POST /api/signin': SIGNED_IN });
    net.online = false;
    await act(async () => void (await result.current.signOut()));
    net.online = true;
    await act(() => result.current.signIn(ANA.email, PASSWORD));
    await checkSession(null);
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/logout', '/api/signin']);
  });

  it('signs out: clears the user entry, wipes the key and runs the signed-out callbacks with the leaving user', async () => {
    await signedInBefore();
    serve({ 'GET /api/check-auth': LIVE, 'POST /api/logout': { json: { success: true } } });
    const leaving: unknown[] = [];
    cleanups.push(registerSignOutGuard(async () => true));
    cleanups.push(onSignedOut((user) => void leaving.push(user?.id)));
    const { result } = await settled();
    let done = false;
    await act(async () => void (done = await result.current.signOut()));
    expect(done).toBe(true);
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(hasVault(ANA.id)).toBe(false);
    expect(leaving).toEqual(['u-ana']);
  });
});

describe('offline limits (GRACIA_SIN_CONEXION_DIAS, BORRADO_SIN_CONEXION_DIAS)', () => {
  it('keeps the time and the limits of every authenticated answer in the person’s key record', async () => {
    serve({ 'GET /api/check-auth': { status: 401, json: { success: false } }, 'POST /api/signin': { json: { ...SIGNED_IN.json, gracia_dias: 3, borrado_dias: 12 } } });
    const { result, unmount } = await settled();
    const before = Date.now();
    await act(() => result.current.signIn(ANA.email, PASSWORD));
    expect(readVault(ANA.id)).toMatchObject({ graciaDias: 3, borradoDias: 12 });
    expect(readVault(ANA.id)!.contacto).toBeGreaterThanOrEqual(before);
    unmount();
    lastContactDaysAgo(5);
    serve({ 'GET /api/check-auth': LIVE });
    await settled();
    expect(readVault(ANA.id)).toMatchObject({ graciaDias: 7, borradoDias: 30 });
    expect(Date.now() - readVault(ANA.id)!.contacto!).toBeLessThan(DAY_MS);
  });

  it('past the grace period the password alone opens nothing offline, and no try is counted; online it opens again', async () => {
    await signedInBefore();
    lastContactDaysAgo(8);
    let online = false;
    serve({ 'GET /api/check-auth': () => (online ? LIVE : { networkError: true }) });
    const { result } = await settled();
    expect(result.current.status).toBe('locked');
    let answer: unknown;
    await act(async () => void (answer = await result.current.unlock(PASSWORD)));
    expect(answer).toEqual({ ok: false, reason: 'offline' });
    expect(result.current.status).toBe('locked');
    expect(tryState(ANA.id).left).toBe(10);
    // Reaching the gateway is what the grace period asks for: the same screen opens then.
    online = true;
    await act(async () => void (answer = await result.current.unlock(PASSWORD)));
    expect(answer).toEqual({ ok: true });
    expect(result.current.status).toBe('authenticated');
    expect(offlineState(ANA.id)).toBe('open');
  });

  it('a gateway that answers without a session does not open it: an online sign-in does', async () => {
    await signedInBefore();
    lastContactDaysAgo(8);
    let gateway = false;
    serve({
      'GET /api/check-auth': () => (gateway ? { json: { success: false, authenticated: false, mensaje: 'No hay una sesión activa.' } } : { networkError: true }),
      'POST /api/signin': SIGNED_IN,
    });
    const { result } = await settled();
    gateway = true;
    let answer: unknown;
    await act(async () => void (answer = await result.current.unlock(PASSWORD)));
    expect(answer).toEqual({ ok: false, reason: 'offline' });
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(hasVault(ANA.id)).toBe(true);
    await act(() => result.current.signIn(ANA.email, PASSWORD));
    expect(result.current.status).toBe('authenticated');
    expect(offlineState(ANA.id)).toBe('open');
  });

  it('locks while the app is open offline once the grace period ends', async () => {
    await signedInBefore();
    serve({ 'GET /api/check-auth': { networkError: true } });
    const { result } = await settled();
    await act(async () => void (await result.current.unlock(PASSWORD)));
    expect(result.current.status).toBe('authenticated');
    lastContactDaysAgo(8);
    // A tablet woken from sleep: its timers ran late, the return to the page checks.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(result.current.status).toBe('locked'));
    expect(hasKey(ANA.id)).toBe(false);
  });

  it('past the wipe limit the next start wipes the person’s data and says why on the sign-in screen', async () => {
    await signedInBefore();
    lastContactDaysAgo(31);
    serve({ 'GET /api/check-auth': { networkError: true } });
    const leaving: unknown[] = [];
    cleanups.push(onSignedOut((user) => void leaving.push(user?.id)));
    const { result } = await settled();
    expect(result.current.status).toBe('anonymous');
    expect(result.current.notice).toBe(offlineWipeNotice(30));
    expect(result.current.notice).toMatch(/más de 30 días sin conectarse al servidor/);
    expect(hasVault(ANA.id)).toBe(false);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(leaving).toEqual(['u-ana']);
  });

  it('a start that reaches the gateway with a live session restarts the clock instead of wiping', async () => {
    await signedInBefore();
    lastContactDaysAgo(31);
    serve({ 'GET /api/check-auth': LIVE });
    const { result } = await settled();
    expect(result.current.status).toBe('authenticated');
    expect(hasVault(ANA.id)).toBe(true);
  });
});
