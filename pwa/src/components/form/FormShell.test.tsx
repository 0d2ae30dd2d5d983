// @vitest-environment happy-dom
import { OverlaysProvider } from '@blueprintjs/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { TextField } from './fields';
import type { FormIssue } from './form-ui';
import { FormShell, REDIRECT_DELAY_MS, SUMMARY_HIDE_MS } from './FormShell';
import { FormTabs } from './FormTabs';

interface Persona {
  nombre: string;
  correo: string;
}

const EMPTY: Persona = { nombre: '', correo: '' };
const CORTO = 'El nombre debe tener al menos 3 caracteres';
const CORREO = 'El correo no es válido';

const validate = (v: Persona): FormIssue[] => [
  ...(v.nombre.trim().length < 3 ? [{ param: 'nombre', msg: CORTO }] : []),
  ...(v.correo && !v.correo.includes('@') ? [{ param: 'correo', msg: CORREO }] : []),
];
const summarize = (issues: FormIssue[]) =>
  [
    { section: 'Datos', tab: 0, messages: issues.filter((i) => i.param === 'nombre').map((i) => i.msg) },
    { section: 'Contacto', tab: 1, messages: issues.filter((i) => i.param === 'correo').map((i) => i.msg) },
  ].filter((s) => s.messages.length > 0);

const Datos = () => <TextField name="nombre" label="Nombre" required />;
const Contacto = () => <TextField name="correo" label="Correo" type="email" />;

function renderForm(onSave: (v: Persona) => Promise<void>) {
  return render(
    <OverlaysProvider>
      <MemoryRouter initialEntries={['/personas/nueva']}>
        <Routes>
          <Route path="/personas" element={<h1>Lista de personas</h1>} />
          <Route
            path="/personas/nueva"
            element={
              <FormShell<Persona>
                initialValues={EMPTY}
                baseline={EMPTY}
                validate={validate}
                summarize={summarize}
                texts={{ submit: 'Guardar Persona', success: 'Persona guardada', errorFallback: 'Error al guardar la persona', leave: { leave: '¿Salir?', discard: '¿Descartar?' } }}
                onSave={onSave}
                exitTo="/personas"
              >
                <FormTabs id="persona-tabs" tabs={[{ title: 'Datos', panel: Datos }, { title: 'Contacto', panel: Contacto }]} />
              </FormShell>
            }
          />
        </Routes>
      </MemoryRouter>
    </OverlaysProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const save = (name = 'Guardar Persona') => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('form shell', () => {
  it('a refused save lists the problems by section, opens the tab that has them, and hides the list after 5 s', async () => {
    const onSave = vi.fn(async () => undefined);
    renderForm(onSave);
    fireEvent.click(screen.getByRole('tab', { name: 'Contacto' }));
    type('Correo', 'sin-arroba');
    save();
    const summary = await screen.findByTestId('error-summary');
    expect(summary.textContent).toContain('Corrija los siguientes errores antes de guardar:');
    expect(summary.textContent).toContain(CORTO);
    expect(summary.textContent).toContain(CORREO);
    // The open tab has a problem of its own: it stays open, and each tab shows its count.
    expect(screen.getByRole('tab', { name: /Contacto/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Datos/ }).textContent).toBe('Datos1');
    fireEvent.click(screen.getByRole('button', { name: 'Datos' }));
    expect(await screen.findByText(CORTO, { selector: '[role="alert"]' })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(SUMMARY_HIDE_MS + 10);
    });
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });

  it('a refused save opens the first tab with problems when the open one has none', async () => {
    renderForm(vi.fn());
    fireEvent.click(screen.getByRole('tab', { name: 'Contacto' }));
    save();
    await screen.findByTestId('error-summary');
    expect(screen.getByRole('tab', { name: /Datos/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Contacto/ }).textContent).toBe('Contacto');
  });

  it("a save says 'Guardando...', then the success text, and leaves 2 s later", async () => {
    let finish: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm(onSave);
    type('Nombre', 'Ana María');
    save();
    await screen.findByRole('button', { name: 'Guardando...' });
    expect(onSave).toHaveBeenCalledWith({ nombre: 'Ana María', correo: '' });
    await act(async () => finish());
    expect((await screen.findByTestId('save-success')).textContent).toBe('Persona guardada');
    expect(screen.queryByText('Lista de personas')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS + 10);
    });
    expect(await screen.findByText('Lista de personas')).toBeTruthy();
  });

  it("a failed save shows the server's reasons in a red banner and stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderForm(() => Promise.reject(new ApiError('Datos inválidos', 400, { errors: [{ param: 'nombre', msg: 'Ya existe' }] })));
    type('Nombre', 'Ana María');
    save();
    expect((await screen.findByTestId('save-error')).textContent).toBe('nombre: Ya existe');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar Persona' })).toBeTruthy());
    expect(screen.queryByTestId('save-success')).toBeNull();
  });

  it('Cancelar without changes goes back at once', async () => {
    renderForm(vi.fn());
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Lista de personas')).toBeTruthy();
  });

  it('something the page holds beside the values (photos not yet saved) makes leaving ask, even with the values untouched', async () => {
    const form = (holdsMore: boolean) => (
      <FormShell<Persona>
        initialValues={EMPTY}
        baseline={EMPTY}
        validate={validate}
        texts={{ submit: 'Guardar Persona', success: 'Persona guardada', errorFallback: 'Error al guardar la persona', leave: { leave: '¿Salir?', discard: '¿Descartar?' } }}
        onSave={vi.fn()}
        exitTo="/personas"
        holdsMore={holdsMore}
      >
        <Datos />
      </FormShell>
    );
    // The leave question needs a data router, as the app has.
    const router = createMemoryRouter(
      [
        { path: '/personas', element: <h1>Lista de personas</h1> },
        { path: '/personas/nueva', element: form(true) },
        { path: '/personas/otra', element: form(false) },
      ],
      { initialEntries: ['/personas/nueva'] },
    );
    render(
      <OverlaysProvider>
        <RouterProvider router={router} />
      </OverlaysProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿Descartar?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByText('¿Descartar?')).toBeNull());
    expect(router.state.location.pathname).toBe('/personas/nueva');

    // Holding nothing, the same untouched form leaves at once.
    await act(() => router.navigate('/personas/otra'));
    expect(await screen.findByText('¿Salir?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Salir/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personas/otra'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Lista de personas')).toBeTruthy();
  });
});
