// @vitest-environment happy-dom
import '../../testing/local-data';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BlueprintProvider } from '@blueprintjs/core';
import { useState, type JSX } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { getLocalDb, listRejectedChanges } from '../db/index';
import { addRejectedIn } from '../db/rejected';
import { SyncIndicatorView } from './indicator';
import { RejectedChangesDialog } from './rejected-dialog';
import { INITIAL_SYNC_STATE } from './state';
import { leaveDevice, signInOnDevice } from '../../testing/local-data';

afterEach(async () => {
  cleanup();
  await leaveDevice();
});

/** The top bar's state with the rejected count, and the dialog it opens, as the shell wires them. */
function TopBarState({ rejected }: { rejected: number }): JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <BlueprintProvider>
      <SyncIndicatorView state={{ ...INITIAL_SYNC_STATE, status: 'up-to-date', rejected }} onSyncNow={() => undefined} onShowRejected={() => setOpen(true)} />
      <RejectedChangesDialog isOpen={open} onClose={() => setOpen(false)} />
    </BlueprintProvider>
  );
}

describe('Cambios rechazados', () => {
  it('opens from the top bar, shows each refused change readable and copyable, and dismisses it', async () => {
    signInOnDevice();
    const doc = { ...sampleCaptacion({ propietario: { nombre: 'Rosa Hernández', telefono: '5511122233' } }), _id: 'cap-rechazada', _rev: '2-abc', type: 'captacion' };
    await addRejectedIn(getLocalDb('captaciones'), [
      { id: 'cap-rechazada', rev: '2-abc', reason: 'La captación fue eliminada; solo un administrador puede restaurarla.', at: '2025-05-20T14:05:00.000Z', doc, settled: true },
    ]);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void copied.push(t) }, configurable: true });

    render(<TopBarState rejected={1} />);
    const tag = screen.getByTestId('sync-state');
    expect(tag.textContent).toBe('Al día · 1 cambio rechazado');
    fireEvent.click(tag);
    fireEvent.click(await screen.findByText('Cambios rechazados (1)'));

    const item = await screen.findByTestId('rejected-item');
    expect(within(item).getByRole('heading').textContent).toBe('Captación: Rosa Hernández');
    expect(within(item).getByTestId('rejected-reason').textContent).toBe('La captación fue eliminada; solo un administrador puede restaurarla.');
    const content = within(item).getByLabelText<HTMLTextAreaElement>('Lo que escribió');
    expect(content.readOnly).toBe(true);
    // Each field by its label on the screens (couch-design/captacion/labels.ts), never its path.
    expect(content.value).toContain('Nombre del propietario: Rosa Hernández');
    expect(content.value).toContain('Teléfono del propietario: 5511122233');
    expect(content.value).toContain('Calle de la propiedad: ');
    expect(content.value).not.toMatch(/^[a-z_]+(\[\d+\])?\./m);
    expect(content.value).not.toContain('_rev');

    fireEvent.click(within(item).getByText('Copiar'));
    await waitFor(() => expect(within(item).getByText('Copiado')).toBeTruthy());
    expect(copied).toEqual([content.value]);

    fireEvent.click(within(item).getByText('Descartar'));
    await screen.findByText('No hay cambios rechazados.');
    expect(await listRejectedChanges()).toEqual([]);
  });
});
