// @vitest-environment happy-dom
/**
 * A person's devices against a real gateway (the page served from its origin, its requests with
 * the page's session): 'Mis dispositivos' lists the person's sessions with this one marked and
 * erases another after the question; an admin's 'Cerrar sesión en todos los dispositivos' ends a
 * person's sessions after the question. The erased devices hear it at their next contact.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLoggedError } from '../../../../testing/logged-errors';
import { DISPOSITIVO_MSG } from '../../../../couch-design/sesion/dispositivos';
import { gatewayTab, type GatewayTab } from '../../testing/gateway-tab';
import { gatewayWithAdmin, openRoutes, pageCall, signInPage } from '../../testing/screens';
import { MisDispositivos } from './MisDispositivos';
import { PersonaDispositivos } from './PersonaDispositivos';
import { BTN_BORRAR, BTN_CERRAR_TODOS, CONFIRMAR_BORRAR, CONFIRMAR_CERRAR, ESTE_DISPOSITIVO, PREGUNTA_BORRAR, PREGUNTA_CERRAR, SIN_DISPOSITIVOS } from './texts';

const site = gatewayWithAdmin();
const SLOW = { timeout: 8_000 };

const rows = () => screen.queryAllByTestId('dispositivo');
/** Another device of the person: its own session, through Node's http (happy-dom's fetch keeps the page's cookies). */
async function otherDevice(u: { email: string; password: string }): Promise<GatewayTab> {
  const tab = gatewayTab(site.gw.url);
  await tab.signIn(u.email, u.password);
  return tab;
}
const revoked = async (tab: GatewayTab): Promise<boolean> => (await tab.json<{ revocada?: boolean }>('GET', '/api/check-auth')).body.revocada === true;

describe('Mis dispositivos', () => {
  it('lists the person’s sessions, this one marked without a button, and erases another after the question', async () => {
    const p = await site.gw.createUser({ role: 'user' });
    const other = await otherDevice(p);
    await signInPage(p);
    openRoutes([{ path: 'x', element: <MisDispositivos /> }], '/x');

    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    const here = rows().find((r) => within(r).queryByText(ESTE_DISPOSITIVO))!;
    expect(within(here).queryByRole('button', { name: BTN_BORRAR })).toBeNull();
    const buttons = screen.getAllByRole('button', { name: BTN_BORRAR });
    expect(buttons).toHaveLength(1);
    expect(screen.getByText('Último contacto', { selector: 'th' })).toBeTruthy();

    // Cancelling changes nothing.
    fireEvent.click(buttons[0]);
    expect(await screen.findByText(PREGUNTA_BORRAR)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText(PREGUNTA_BORRAR)).toBeNull());
    expect(await revoked(other)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: BTN_BORRAR }));
    fireEvent.click(await screen.findByRole('button', { name: CONFIRMAR_BORRAR }));
    expect(await screen.findByText(DISPOSITIVO_MSG.borrado, undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    expect(within(rows()[0]).getByText(ESTE_DISPOSITIVO)).toBeTruthy();
    expect(await revoked(other)).toBe(true);
  });

  it('says why a load failed, in Spanish', async () => {
    // No session on the page any more: the gateway refuses, and the screen says so.
    const p = await site.gw.createUser({ role: 'user' });
    await signInPage(p);
    expect((await pageCall('POST', '/api/logout')).status).toBe(200);
    expectLoggedError(/No se pudieron cargar los dispositivos/);
    openRoutes([{ path: 'x', element: <MisDispositivos /> }], '/x');
    expect(await screen.findByText('Debe iniciar sesión para continuar.', undefined, SLOW)).toBeTruthy();
  });
});

describe('a person’s devices, for an admin', () => {
  it('ends every session of the person after the question; the list is then empty', async () => {
    const p = await site.gw.createUser({ role: 'user' });
    const tablet = await otherDevice(p);
    const phone = await otherDevice(p);
    await signInPage(site.admin);
    openRoutes([{ path: 'x', element: <PersonaDispositivos userId={p.id} nombre="Beto Ruiz" /> }], '/x');

    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    expect(screen.queryByRole('button', { name: BTN_BORRAR })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: BTN_CERRAR_TODOS }));
    expect(await screen.findByText(PREGUNTA_CERRAR)).toBeTruthy();
    expect(screen.getByText('Beto Ruiz')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CONFIRMAR_CERRAR }));

    expect(await screen.findByText(DISPOSITIVO_MSG.cerradas(2), undefined, SLOW)).toBeTruthy();
    expect(await screen.findByText(SIN_DISPOSITIVOS, undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: BTN_CERRAR_TODOS })).toBeNull();
    expect(await revoked(tablet)).toBe(true);
    expect(await revoked(phone)).toBe(true);
  });
});
