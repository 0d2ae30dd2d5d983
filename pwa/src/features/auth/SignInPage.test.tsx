// @vitest-environment happy-dom
// A sign-in makes the person's key and clears other people's data (lib/vault): real local databases.
import 'fake-indexeddb/auto';
import '../../testing/test-keys';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeHandler } from '../../lib/fake-fetch';
import { SessionProvider } from '../../lib/session';
import { USER_STORAGE_KEY } from '../../lib/session-storage';
import SignInPage from './SignInPage';

const ADMIN = { id: 'u-admin', role: 'administrator', empleado_id: null, email: 'admin@inmo.mx', nombre: 'Admin' };
const ANONYMOUS: FakeHandler = { status: 401, json: { success: false, authenticated: false, mensaje: 'No autenticado' } };

function start(routes: Record<string, FakeHandler>) {
  const fake = fakeFetch({ 'GET /api/check-auth': ANONYMOUS, ...routes });
  vi.stubGlobal('fetch', fake.fetch);
  render(
    <MemoryRouter initialEntries={['/auth/sign-in']}>
      <SessionProvider>
        <Routes>
          <Route path="/auth/sign-in" element={<SignInPage />} />
          <Route path="/dashboard/home" element={<h1>Página de inicio</h1>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  return fake;
}

async function fill(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
const signInCalls = (fake: ReturnType<typeof fakeFetch>) => fake.calls.filter((c) => c.path === '/api/signin');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-in screen', () => {
  it('asks for both fields without calling the server', async () => {
    const fake = start({});
    await fill('admin@inmo.mx', '');
    submit();
    expect(await screen.findByText('Por favor, completa todos los campos.')).toBeTruthy();
    expect(signInCalls(fake)).toHaveLength(0);
  });

  it('says the e-mail or password is wrong when the server refuses', async () => {
    start({ 'POST /api/signin': { status: 401, json: { success: false, mensaje: 'Credenciales inválidas' } } });
    await fill('admin@inmo.mx', 'mala');
    submit();
    expect(await screen.findByText('El correo o la contraseña son incorrectos.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Contraseña').value).toBe('');
  });

  it("shows the server's words when sign-in is rate limited", async () => {
    const mensaje = 'Demasiados intentos. Intenta de nuevo en 15 minutos.';
    start({ 'POST /api/signin': { status: 429, json: { success: false, mensaje } } });
    await fill('admin@inmo.mx', 'otra');
    submit();
    expect(await screen.findByText(mensaje)).toBeTruthy();
  });

  it('signs in with Enter in the password field and lands on the home page', async () => {
    const fake = start({ 'POST /api/signin': { json: { success: true, user: ADMIN } } });
    await fill('  admin@inmo.mx ', 'secreta123');
    fireEvent.keyDown(screen.getByLabelText('Contraseña'), { key: 'Enter' });
    // The sign-in derives the person's key (PBKDF2, 200 000 rounds): on a loaded machine that alone passes 1 s.
    expect(await screen.findByText('Página de inicio', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(signInCalls(fake)).toHaveLength(1);
    expect(signInCalls(fake)[0].body).toEqual({ email: 'admin@inmo.mx', password: 'secreta123' });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({ id: 'u-admin' });
  });

  it('sends an already signed-in visitor to the home page', async () => {
    start({ 'GET /api/check-auth': { json: { success: true, user: ADMIN } } });
    await waitFor(() => expect(screen.getByText('Página de inicio')).toBeTruthy());
  });
});
