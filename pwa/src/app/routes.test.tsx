// @vitest-environment happy-dom
// The signed-in screens open the person's local databases, as in the browser.
import 'fake-indexeddb/auto';
import '../testing/test-keys';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroyLocalDbs } from '../lib/db/registry';
import { fakeFetch, type FakeHandler } from '../lib/fake-fetch';
import { setupIcons } from '../lib/icons';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './routes';

const ADMIN = { id: 'u-admin', role: 'Administrador', empleado_id: 'e-1', email: 'admin@inmo.mx', nombre: 'Admin' };
const AGENT = { id: 'u-agent', role: 'user', empleado_id: null, email: 'agente@inmo.mx', nombre: 'Agente' };

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(path: string, checkAuth: FakeHandler, more: Record<string, FakeHandler> = {}) {
  vi.stubGlobal('fetch', fakeFetch({ 'GET /api/check-auth': checkAuth, ...more }).fetch);
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <AppRoutes />
        <Where />
      </SessionProvider>
    </MemoryRouter>,
  );
}

/** The user record GET /api/users/{id} answers for a session user. */
const record = (u: typeof ADMIN | typeof AGENT, prim_nom: string, apell_pa: string) => ({
  _id: u.id, id: u.id, prim_nom, apell_pa, apell_ma: '', email: u.email, role: u.role, foto_perfil: null, empleado_id: u.empleado_id,
});
const signedIn = (user: object): FakeHandler => ({ json: { success: true, authenticated: true, user } });
const where = () => screen.getByTestId('where').textContent;
/** The current breadcrumb names the screen the route table chose for the path. */
const currentCrumb = async () => {
  const trail = await screen.findByRole('navigation', { name: 'Ruta de navegación' }, SLOW);
  return within(trail).getByText((_, el) => el?.getAttribute('aria-current') === 'page').textContent;
};
const SLOW = { timeout: 5_000 };

beforeAll(() => setupIcons());
beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  // The indexeddb adapter keeps a live feed's listener until its database goes: without this,
  // every test's screens add theirs to the same database and Node warns of a leak.
  await Promise.all([ADMIN.id, AGENT.id].map((id) => destroyLocalDbs(id)));
});

// Both route tables (spec 000 section 2, spec 001 section 2.1) and both readings of docs/architecture.md section 5.
const SPEC_SCREENS: Array<[string, string]> = [
  ['/dashboard/users', 'Lista de Usuarios'],
  ['/dashboard/users/crear', 'Crear Nuevo Usuario'],
  ['/dashboard/users/edit/u-9', 'Editar Usuario'],
  ['/dashboard/user-profile/u-9', 'Detalle de Usuario'],
  ['/dashboard/empleados', 'Lista de Empleados'],
  ['/dashboard/empleados/crear', 'Crear Nuevo Empleado'],
  ['/dashboard/empleados/editar/e-3', 'Editar Empleado'],
  ['/dashboard/empleado-profile/e-3', 'Perfil del Empleado'],
  ['/dashboard/empleados/profile/e-3', 'Perfil del Empleado'],
  ['/dashboard/empleado-documents/e-3', 'Documentos del Empleado'],
  ['/dashboard/nomina/crear/e-3', 'Crear Nueva Nómina'],
  ['/dashboard/empleado/nomina/e-3', 'Crear Nueva Nómina'],
  ['/dashboard/nomina/update/n-5', 'Editar Nómina'],
  ['/dashboard/nominas/mi-nomina', 'Mi Nómina'],
  ['/dashboard/captaciones', 'Mis Proyectos de Captación'],
  ['/dashboard/captaciones/nueva', 'Nueva Captación Inmobiliaria'],
  ['/dashboard/captaciones/c-1', 'Mis Proyectos de Captación'],
  ['/dashboard/captaciones/editar/c-1', 'Editar Captación'],
  ['/dashboard/captaciones/c-1/detalle', 'Detalle de Captación Inmobiliaria'],
];

describe('route table', () => {
  it.each(SPEC_SCREENS)('%s answers with its own screen (%s)', async (path, title) => {
    open(path, signedIn(ADMIN));
    expect(await currentCrumb()).toBe(title);
    expect(where()).toBe(path);
    expect(screen.getByTestId('topbar')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} · Inmobiliaria`));
  });

  it('shows the demo dashboard to admins on /dashboard/', async () => {
    open('/dashboard/', signedIn(ADMIN));
    expect(await screen.findByText('Dinero de hoy', undefined, SLOW)).toBeTruthy();
    for (const text of ['Usuarios de hoy', 'Clientes nuevos', 'Ventas', 'Vistas del sitio', 'Ventas diarias', 'Tareas completadas', 'Resumen de pedidos']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(where()).toBe('/dashboard/home');
    expect(screen.getByTestId('nav-dashboard')).toBeTruthy();
  });

  it('sends non-admins from home to their profile', async () => {
    open('/dashboard/home', signedIn(AGENT), { 'GET /api/users/u-agent': { json: { success: true, user: record(AGENT, 'Agente', 'Campo') } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agente Campo' }, SLOW)).toBeTruthy();
    expect(screen.getAllByText('agente@inmo.mx').length).toBeGreaterThan(0);
    expect(where()).toBe('/dashboard/profile');
    expect(screen.queryByTestId('nav-dashboard')).toBeNull();
    expect(screen.queryByTestId('nav-mi-nomina')).toBeNull();
  });

  // The guard reads who may open each screen from the route table (lib/screens.ts): a person it
  // refuses goes where the table says (home, which sends a non-admin on to their profile).
  it.each(['/dashboard/users/crear', '/dashboard/user-profile/u-otro', '/dashboard/empleados/editar/e-9', '/dashboard/empleado-documents/e-9', '/dashboard/nomina/update/n-1', '/dashboard/profile/u-otro'])(
    'a screen the table refuses a non-admin sends them on: %s',
    async (path) => {
      open(path, signedIn(AGENT), { 'GET /api/users/u-agent': { json: { success: true, user: record(AGENT, 'Agente', 'Campo') } } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Agente Campo' }, SLOW)).toBeTruthy();
      expect(where()).toBe('/dashboard/profile');
    },
  );

  it('serves the profile with a user id too', async () => {
    open('/dashboard/profile/u-admin', signedIn(ADMIN), { 'GET /api/users/u-admin': { json: { success: true, user: record(ADMIN, 'Alma', 'Admin') } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alma Admin' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Administrador')).toBeTruthy();
    expect(where()).toBe('/dashboard/profile/u-admin');
  });

  it('sends unknown paths to the home page', async () => {
    open('/no/existe', signedIn(ADMIN));
    await waitFor(() => expect(where()).toBe('/dashboard/home'), SLOW);
    cleanup();
    open('/dashboard/cosa-rara', signedIn(ADMIN));
    await waitFor(() => expect(where()).toBe('/dashboard/home'), SLOW);
  });

  it('sends anonymous visitors of the dashboard to sign-in', async () => {
    open('/dashboard/users', { status: 401, json: { success: false, authenticated: false, mensaje: 'No autenticado' } });
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' }, SLOW)).toBeTruthy();
    expect(where()).toBe('/auth/sign-in');
  });

  it('public sign-up sends anonymous visitors to sign-in while it is closed, and signed-in ones home', async () => {
    const anonymous: FakeHandler = { status: 401, json: { success: false, mensaje: 'No autenticado' } };
    open('/auth/sign-up', anonymous, { 'GET /api/signup': { json: { success: true, registro_publico: false } } });
    await waitFor(() => expect(where()).toBe('/auth/sign-in'), SLOW);
    cleanup();
    open('/auth/sign-up', signedIn(ADMIN));
    await waitFor(() => expect(where()).toBe('/dashboard/home'), SLOW);
  });

  it("public sign-up shows 'Registro de Usuario' while the gateway says it is open", async () => {
    open('/auth/sign-up', { status: 401, json: { success: false } }, { 'GET /api/signup': { json: { success: true, registro_publico: true } } });
    expect(await screen.findByRole('button', { name: 'Registrar Nuevo Usuario' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Registro de Usuario' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '¿Ya tienes una cuenta? Iniciar sesión' }).getAttribute('href')).toBe('/auth/sign-in');
    // Public mode: no role and no employee to choose (the gateway always registers a `user`).
    expect(screen.queryByLabelText('Rol')).toBeNull();
    expect(screen.queryByText('Usar empleado existente')).toBeNull();
    expect(where()).toBe('/auth/sign-up');
  });

  it("shows 'Cargando aplicación...' and 'Verificando autenticación...' while the first check runs", async () => {
    let answer: (a: FakeHandler) => void = () => undefined;
    open('/dashboard/users', () => new Promise((resolve) => (answer = resolve as (a: FakeHandler) => void)));
    expect(screen.getByText('Cargando aplicación...')).toBeTruthy();
    expect(screen.getByText('Verificando autenticación...')).toBeTruthy();
    answer({ json: { success: true, user: ADMIN } });
    expect(await currentCrumb()).toBe('Lista de Usuarios');
  });

  it('keeps a cached field agent working offline', async () => {
    localStorage.setItem('user', JSON.stringify(AGENT));
    open('/dashboard/captaciones/nueva', { networkError: true });
    expect(await currentCrumb()).toBe('Nueva Captación Inmobiliaria');
    expect(where()).toBe('/dashboard/captaciones/nueva');
    expect(screen.getByTestId('nav-nueva-captacion').getAttribute('aria-current')).toBe('page');
  });
});
