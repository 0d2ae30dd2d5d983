// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeHandler } from './fake-fetch';
import { onSignedOut, registerSignOutGuard, SessionProvider, useSession } from './session';
import { USER_STORAGE_KEY } from './session-storage';

const ANA = { id: 'u-ana', role: 'user', empleado_id: 'e-7', email: 'ana@inmo.mx', nombre: 'Ana López' };

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

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanups.splice(0).forEach((fn) => fn());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session check on load', () => {
  it('signs in from check-auth and keeps the user entry in localStorage', async () => {
    const fake = serve({ 'GET /api/check-auth': { json: { success: true, authenticated: true, user: ANA } } });
    const { result } = await settled();
    expect(result.current.status).toBe('authenticated');
    expect(result.current.user).toEqual(ANA);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(ANA);
    expect(fake.calls[0].credentials).toBe('include');
  });

  it('the answer and the end of the check arrive in the same render', async () => {
    serve({ 'GET /api/check-auth': { json: { success: true, authenticated: true, user: ANA } } });
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

  it('keeps the cached user when the server cannot be reached', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(ANA));
    serve({ 'GET /api/check-auth': { networkError: true } });
    const { result } = await settled();
    expect(result.current.status).toBe('authenticated');
    expect(result.current.user?.id).toBe('u-ana');
    expect(result.current.fromCache).toBe(true);
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
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
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(ANA));
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
  it('signs in, stores the user and ends with the session authenticated', async () => {
    const fake = serve({
      'GET /api/check-auth': { status: 401, json: { success: false, mensaje: 'No autenticado' } },
      'POST /api/signin': { json: { success: true, user: ANA } },
    });
    const { result } = await settled();
    await act(() => result.current.signIn('ana@inmo.mx', 'secreta123'));
    expect(result.current.status).toBe('authenticated');
    expect(fake.calls.at(-1)?.body).toEqual({ email: 'ana@inmo.mx', password: 'secreta123' });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(ANA);
  });

  it('a guard can cancel the sign-out before the server is called', async () => {
    const fake = serve({ 'GET /api/check-auth': { json: { success: true, user: ANA } }, 'POST /api/logout': { json: { success: true } } });
    cleanups.push(registerSignOutGuard(async () => false));
    const { result } = await settled();
    let done = true;
    await act(async () => void (done = await result.current.signOut()));
    expect(done).toBe(false);
    expect(result.current.status).toBe('authenticated');
    expect(fake.calls.some((c) => c.path === '/api/logout')).toBe(false);
  });

  it('a failed logout is only logged and the user stays', async () => {
    serve({ 'GET /api/check-auth': { json: { success: true, user: ANA } }, 'POST /api/logout': { networkError: true } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = await settled();
    let done = true;
    await act(async () => void (done = await result.current.signOut()));
    expect(done).toBe(false);
    expect(logged).toHaveBeenCalled();
    expect(result.current.status).toBe('authenticated');
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });

  it('signs out: clears the user entry and runs the signed-out callbacks with the leaving user', async () => {
    serve({ 'GET /api/check-auth': { json: { success: true, user: ANA } }, 'POST /api/logout': { json: { success: true } } });
    const leaving: unknown[] = [];
    cleanups.push(registerSignOutGuard(async () => true));
    cleanups.push(onSignedOut((user) => void leaving.push(user?.id)));
    const { result } = await settled();
    let done = false;
    await act(async () => void (done = await result.current.signOut()));
    expect(done).toBe(true);
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(leaving).toEqual(['u-ana']);
  });
});
