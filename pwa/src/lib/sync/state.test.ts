// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INITIAL_SYNC_STATE, SyncStateStore, syncStateText, useSyncOffline, type SyncState } from './state';
import { lastSyncText, pendingText, retryAtText, signOutQuestion } from './texts';

const state = (patch: Partial<SyncState>): SyncState => ({ ...INITIAL_SYNC_STATE, ...patch });

describe('sync state texts', () => {
  it('says each state in Spanish, with the pending count in singular and plural', () => {
    expect(syncStateText(state({ status: 'offline' }))).toBe('Sin conexión');
    expect(syncStateText(state({ status: 'offline', pending: 1 }))).toBe('Sin conexión · 1 cambio pendiente');
    expect(syncStateText(state({ status: 'syncing' }))).toBe('Sincronizando');
    expect(syncStateText(state({ status: 'up-to-date' }))).toBe('Al día');
    expect(syncStateText(state({ status: 'pending', pending: 1 }))).toBe('1 cambio pendiente');
    expect(syncStateText(state({ status: 'pending', pending: 3 }))).toBe('3 cambios pendientes');
    expect(syncStateText(state({ status: 'error' }))).toBe('Error de sincronización');
    expect(syncStateText(state({ status: 'error', pending: 2 }))).toBe('Error de sincronización · 2 cambios pendientes');
    expect(syncStateText(state({ status: 'expired' }))).toBe('Sesión expirada: inicie sesión de nuevo para sincronizar.');
    expect(pendingText(0)).toBe('0 cambios pendientes');
  });

  it('shows the last sync as es-MX 24-hour time today, with the date before today', () => {
    const now = new Date(2025, 4, 20, 18, 0).getTime();
    expect(lastSyncText(new Date(2025, 4, 20, 14, 5).getTime(), now)).toBe('Última sincronización: 14:05');
    expect(lastSyncText(new Date(2025, 4, 19, 9, 7).getTime(), now)).toBe('Última sincronización: 19/05/2025 09:07');
    expect(lastSyncText(null, now)).toBe('Aún no se ha sincronizado en este dispositivo.');
    expect(retryAtText(new Date(2025, 4, 20, 18, 4).getTime(), now)).toBe('Se reintentará a las 18:04.');
    expect(retryAtText(new Date(2025, 4, 21, 0, 1).getTime(), now)).toBe('Se reintentará a las 21/05/2025 00:01.');
  });

  it('asks before a sign-out that would drop changes', () => {
    expect(signOutQuestion(2)).toBe(
      'Tiene 2 cambios sin sincronizar. Si cierra sesión ahora se perderán en este dispositivo. ¿Desea cerrar sesión de todos modos?',
    );
    expect(signOutQuestion(1)).toMatch(/^Tiene 1 cambio sin sincronizar\. /);
    // Rejected changes live only on the device: a sign-out wipes them too.
    expect(signOutQuestion(0, 2)).toBe(
      'Tiene 2 cambios rechazados por el servidor. Si cierra sesión ahora se perderán en este dispositivo. ¿Desea cerrar sesión de todos modos?',
    );
    expect(signOutQuestion(1, 1)).toMatch(/^Tiene 1 cambio sin sincronizar\. Tiene 1 cambio rechazado por el servidor\. /);
  });

  it('adds the rejected changes waiting for the person to the state', () => {
    expect(syncStateText(state({ status: 'up-to-date', rejected: 1 }))).toBe('Al día · 1 cambio rechazado');
    expect(syncStateText(state({ status: 'pending', pending: 2, rejected: 3 }))).toBe('2 cambios pendientes · 3 cambios rechazados');
    expect(syncStateText(state({ status: 'idle', rejected: 3 }))).toBe('');
  });

  it('notifies subscribers only when something changed', () => {
    const store = new SyncStateStore();
    const seen: string[] = [];
    store.subscribe((s) => seen.push(s.status));
    store.set({ status: 'syncing' });
    store.set({ status: 'syncing' });
    store.set({ status: 'up-to-date', lastSyncedAt: 1 });
    expect(seen).toEqual(['syncing', 'up-to-date']);
    expect(store.get().lastSyncedAt).toBe(1);
  });

  it('a screen that follows only the connection redraws when it is lost or back, not on every sync', () => {
    const store = new SyncStateStore();
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useSyncOffline(store);
    });
    act(() => store.set({ status: 'syncing' }));
    act(() => store.set({ status: 'up-to-date', lastSyncedAt: 1 }));
    act(() => store.set({ lastSyncedAt: 2, pending: 1 }));
    expect(result.current).toBe(false);
    expect(renders).toBe(1);
    act(() => store.set({ status: 'offline' }));
    expect(result.current).toBe(true);
    expect(renders).toBe(2);
  });
});
