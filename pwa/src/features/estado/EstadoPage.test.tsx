// @vitest-environment happy-dom
/**
 * 'Estado del sistema' against a real gateway: an admin sees the gateway's readiness and version,
 * the store's kind and answer time, and each person with an open session, with the devices part
 * app/ gives; 'Actualizar' asks again; without a connection it says so; anyone else goes home.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EstadoPersona } from '../../../../couch-design/estado';
import { NEEDS_NETWORK } from '../../lib/data';
import { gatewayTab } from '../../testing/gateway-tab';
import { gatewayWithAdmin, openRoutes, signInPage, where } from '../../testing/screens';
import EstadoPage from './EstadoPage';
import { BTN_ACTUALIZAR, CARD_PERSONAS, LISTA, TIPO_ALMACEN } from './texts';

const site = gatewayWithAdmin();
const SLOW = { timeout: 8_000 };

const drawn: EstadoPersona[] = [];
const renderDevices = (p: EstadoPersona) => {
  drawn.push(p);
  return <p>Dispositivos de {p.usuario.email}</p>;
};

function open(): void {
  openRoutes(
    [
      { path: 'dashboard/estado', element: <EstadoPage renderDevices={renderDevices} /> },
      { path: '*', element: <p>Otra pantalla</p> },
    ],
    '/dashboard/estado',
  );
}

describe('Estado del sistema', () => {
  it('shows an admin the gateway, the store and every person with their devices', async () => {
    const p = await site.gw.createUser({ role: 'user', prim_nom: 'Beto', apell_pa: 'Ruiz', apell_ma: 'Vera' });
    await gatewayTab(site.gw.url).signIn(p.email, p.password);
    await signInPage(site.admin);
    open();

    const pasarela = await screen.findByTestId('estado-pasarela', undefined, SLOW);
    expect(within(pasarela).getByText(LISTA)).toBeTruthy();
    expect(within(pasarela).getByText('Versión')).toBeTruthy();
    expect(within(screen.getByTestId('estado-almacen')).getByText(TIPO_ALMACEN[site.gw.store.kind])).toBeTruthy();
    expect(screen.getByRole('heading', { name: CARD_PERSONAS })).toBeTruthy();
    const beto = screen.getAllByTestId('estado-persona').find((c) => c.getAttribute('data-id') === p.id)!;
    expect(within(beto).getByRole('heading', { name: 'Beto Ruiz Vera' })).toBeTruthy();
    expect(within(beto).getByText(/1 dispositivo$/)).toBeTruthy();
    expect(within(beto).getByText(`Dispositivos de ${p.email}`)).toBeTruthy();
    expect(drawn.find((d) => d.usuario.id === p.id)?.dispositivos).toHaveLength(1);

    // 'Actualizar' asks again: a second session of Beto shows.
    await gatewayTab(site.gw.url).signIn(p.email, p.password);
    fireEvent.click(screen.getByRole('button', { name: BTN_ACTUALIZAR }));
    await waitFor(() => expect(within(screen.getAllByTestId('estado-persona').find((c) => c.getAttribute('data-id') === p.id)!).getByText(/2 dispositivos$/)).toBeTruthy(), SLOW);
  });

  it('says it needs the network when there is none', async () => {
    await signInPage(site.admin);
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      open();
      expect(await screen.findByText(NEEDS_NETWORK, undefined, SLOW)).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('sends anyone but an admin home', async () => {
    const p = await site.gw.createUser({ role: 'user' });
    await signInPage(p);
    open();
    await waitFor(() => expect(where()).toBe('/dashboard/home'), SLOW);
  });
});
