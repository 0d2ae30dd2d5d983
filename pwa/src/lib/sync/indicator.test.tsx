// @vitest-environment happy-dom
import '../../testing/local-data';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BlueprintProvider } from '@blueprintjs/core';
import { useState, type JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { localGet, localPut } from '../db/index';
import { fakeFetch } from '../fake-fetch';
import { SessionProvider, useSession } from '../session';
import { configureSync, destroyUserData } from './controller';
import { SyncIndicator, SyncIndicatorView } from './indicator';
import { INITIAL_SYNC_STATE, SyncStateStore, type SyncState } from './state';
import { eventually, FakeNetwork } from '../../testing/local-data';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await destroyUserData(null);
  localStorage.clear();
});

const state = (patch: Partial<SyncState>): SyncState => ({ ...INITIAL_SYNC_STATE, ...patch });

describe('SyncIndicatorView', () => {
  it('shows the state with its test id and, on click, the last sync and "Sincronizar ahora"', async () => {
    const onSyncNow = vi.fn();
    const at = new Date();
    at.setHours(14, 5, 0, 0);
    render(
      <BlueprintProvider>
        <SyncIndicatorView state={state({ status: 'pending', pending: 3, lastSyncedAt: at.getTime() })} onSyncNow={onSyncNow} />
      </BlueprintProvider>,
    );
    const tag = screen.getByTestId('sync-state');
    expect(tag.textContent).toBe('3 cambios pendientes');
    expect(tag.getAttribute('title')).toBe('Última sincronización: 14:05');
    fireEvent.click(tag);
    expect((await screen.findByTestId('sync-last')).textContent).toBe('Última sincronización: 14:05');
    fireEvent.click(screen.getByText('Sincronizar ahora'));
    expect(onSyncNow).toHaveBeenCalledTimes(1);
  });

  it('says in its panel what waits on the device, by kind, or that nothing does (issue 20 item 8)', async () => {
    const { rerender } = render(
      <BlueprintProvider>
        <SyncIndicatorView state={state({ status: 'offline', pending: 2, rejected: 1, waiting: [{ name: 'captaciones', items: 2, bytes: 0 }] })} onSyncNow={() => undefined} onShowRejected={() => undefined} />
      </BlueprintProvider>,
    );
    fireEvent.click(screen.getByTestId('sync-state'));
    expect((await screen.findByTestId('sync-waiting-captaciones')).textContent).toBe('2 captaciones por enviar');
    expect(screen.getByTestId('sync-waiting-rejected').textContent).toBe('1 cambio rechazado');
    expect(screen.getByTestId('sync-rejected').textContent).toBe('Cambios rechazados (1)');
    expect(screen.getByTestId('sync-last').textContent).toBe('Aún no se ha sincronizado en este dispositivo.');
    rerender(
      <BlueprintProvider>
        <SyncIndicatorView state={state({ status: 'up-to-date', lastSyncedAt: Date.now() })} onSyncNow={() => undefined} />
      </BlueprintProvider>,
    );
    expect(screen.getByTestId('sync-waiting').textContent).toBe('Nada en espera: todo está en el servidor.');
    expect(screen.queryByTestId('sync-waiting-captaciones')).toBeNull();
  });

  it('shows nothing before sync starts, and the expired-session notice in full', () => {
    const { rerender } = render(<SyncIndicatorView state={state({ status: 'idle' })} onSyncNow={() => undefined} />);
    expect(screen.queryByTestId('sync-state')).toBeNull();
    rerender(<SyncIndicatorView state={state({ status: 'expired' })} onSyncNow={() => undefined} />);
    expect(screen.getByTestId('sync-state').textContent).toBe('Sesión expirada: inicie sesión de nuevo para sincronizar.');
  });
});

const ANA = { id: `u-ana-${Date.now()}`, role: 'user', empleado_id: null, email: 'ana@inmo.mx', nombre: 'Ana López' };

function TopBarLike(): JSX.Element {
  const { status, signOut } = useSession();
  const [result, setResult] = useState('');
  return (
    <div>
      <span data-testid="session">{status}</span>
      <SyncIndicator />
      <button type="button" onClick={() => void signOut().then((ok) => setResult(ok ? 'salió' : 'se quedó'))}>
        Salir
      </button>
      <span data-testid="result">{result}</span>
    </div>
  );
}

describe('SyncIndicator in the shell', () => {
  it('starts sync for the signed-in person, asks before a sign-out that would drop a change, and wipes on sign-out', async () => {
    const network = new FakeNetwork(false);
    const store = new SyncStateStore();
    configureSync({ online: network, store, origin: 'http://localhost' });
    const fake = fakeFetch({
      'GET /api/check-auth': { json: { success: true, authenticated: true, user: ANA } },
      'POST /api/logout': { json: { success: true } },
    });
    vi.stubGlobal('fetch', fake.fetch);

    // The real app reads the store of the running app; this test renders that store's twin.
    render(
      <BlueprintProvider>
        <SessionProvider>
          <TopBarLike />
        </SessionProvider>
      </BlueprintProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('authenticated'));
    await waitFor(() => expect(store.get().status).toBe('offline'));

    await act(async () => {
      await localPut('captaciones', { ...sampleCaptacion(), _id: 'cap-ui' });
    });
    await waitFor(() => expect(store.get().pending).toBe(1));

    fireEvent.click(screen.getByText('Salir'));
    await waitFor(() => expect(screen.getByTestId('sync-signout-question').textContent).not.toBe(''));
    expect(screen.getByTestId('sync-signout-question').textContent).toBe(
      'Tiene 1 cambio sin sincronizar. Si cierra sesión ahora se perderán en este dispositivo. ¿Desea cerrar sesión de todos modos?',
    );
    fireEvent.click(screen.getByText('Cancelar'));
    await waitFor(() => expect(screen.getByTestId('result').textContent).toBe('se quedó'));
    expect(fake.calls.some((c) => c.path === '/api/logout')).toBe(false);
    expect(await localGet('captaciones', 'cap-ui')).not.toBeNull();

    // Blueprint keeps the closing Alert (with its old text) for its exit transition.
    await eventually(() => screen.queryByTestId('sync-signout-question') === null, 'el aviso cerrado');
    fireEvent.click(screen.getByText('Salir'));
    await waitFor(() => expect(screen.getByTestId('sync-signout-question').textContent).toMatch(/^Tiene 1 cambio/));
    fireEvent.click(screen.getByText('Cerrar sesión'));
    // Sign-out waits for the person's databases to be destroyed.
    await eventually(() => screen.getByTestId('result').textContent === 'salió', 'la sesión cerrada');
    expect(screen.getByTestId('session').textContent).toBe('anonymous');
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    expect(names.some((n) => n.includes(ANA.id))).toBe(false);
  });
});
