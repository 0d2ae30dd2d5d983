// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncPanel } from './sync-panel';
import { INITIAL_SYNC_STATE, type SyncState } from './state';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const state = (patch: Partial<SyncState>): SyncState => ({ ...INITIAL_SYNC_STATE, ...patch });

describe('the sync panel and property photos (issue 22)', () => {
  it('says what waits database by database, the visits apart from the captaciones, the photos with their size, and the space used and left', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: { estimate: () => Promise.resolve({ usage: 12 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024 }) } });
    render(<SyncPanel state={state({ status: 'offline', pending: 6, pendingAttached: 3, pendingBytes: 900 * 1024, waiting: [{ name: 'captaciones', items: 1, bytes: 0 }, { name: 'fotos', items: 3, bytes: 900 * 1024 }, { name: 'visitas', items: 2, bytes: 0 }] })} onSyncNow={() => undefined} />);
    expect(screen.getByTestId('sync-waiting-captaciones').textContent).toBe('1 captación por enviar');
    expect(screen.getByTestId('sync-waiting-fotos').textContent).toBe('3 fotos por enviar (900 KB)');
    // Each database says its own records: a visit is no captación.
    expect(screen.getByTestId('sync-waiting-visitas').textContent).toBe('2 visitas por enviar');
    expect((await screen.findByTestId('sync-space')).textContent).toBe('Espacio en este dispositivo: 12 MB usados, 2 GB libres.');
  });

  it('shows no photo line when none waits, and no space line where the browser gives no estimate', () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    render(<SyncPanel state={state({ status: 'pending', pending: 2, waiting: [{ name: 'captaciones', items: 2, bytes: 0 }, { name: 'fotos', items: 0, bytes: 0 }] })} onSyncNow={() => undefined} />);
    expect(screen.getByTestId('sync-waiting-captaciones').textContent).toBe('2 captaciones por enviar');
    expect(screen.queryByTestId('sync-waiting-fotos')).toBeNull();
    expect(screen.queryByTestId('sync-space')).toBeNull();
  });
});

describe('the sync panel after a failed sync (issue 36 item 2)', () => {
  it('says the sync failed, why and when it is retried, and offers Reintentar, which syncs at once', () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    const retry = vi.fn();
    const retryAt = new Date();
    retryAt.setSeconds(0, 0);
    render(<SyncPanel state={state({ status: 'error', pending: 1, detail: 'El servidor anunció cambios que luego no entregó.', retryAt: retryAt.getTime() })} onSyncNow={retry} />);
    expect(screen.getByTestId('sync-panel').querySelector('.app-sync-panel__state')?.textContent).toBe('Error de sincronización · 1 cambio pendiente');
    expect(screen.getByTestId('sync-detail').textContent).toBe('El servidor anunció cambios que luego no entregó.');
    const hh = String(retryAt.getHours()).padStart(2, '0');
    const mm = String(retryAt.getMinutes()).padStart(2, '0');
    expect(screen.getByTestId('sync-retry').textContent).toBe(`Se reintentará a las ${hh}:${mm}.`);
    expect(screen.queryByRole('button', { name: 'Sincronizar ahora' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers Sincronizar ahora, without a retry line, when nothing failed', () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    render(<SyncPanel state={state({ status: 'up-to-date' })} onSyncNow={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Sincronizar ahora' })).toBeTruthy();
    expect(screen.queryByTestId('sync-retry')).toBeNull();
    expect(screen.queryByTestId('sync-detail')).toBeNull();
  });
});

describe('the sync panel and the storage budget (issue 34 item 3)', () => {
  it('says what the person’s data takes on the device beside the operator’s budget, once measured', () => {
    const { rerender } = render(<SyncPanel state={state({ status: 'up-to-date' })} onSyncNow={() => undefined} />);
    expect(screen.queryByTestId('sync-held')).toBeNull();
    rerender(<SyncPanel state={state({ status: 'up-to-date', holding: { bytes: 12 * 1024 * 1024, budget: 200 * 1024 * 1024 } })} onSyncNow={() => undefined} />);
    expect(screen.getByTestId('sync-held').textContent).toBe('Guardado en este dispositivo: 12 MB de 200 MB.');
  });
});
