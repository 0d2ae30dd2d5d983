// @vitest-environment happy-dom
/**
 * The start-up frame: the shell and the screen's title for the signed-in person, drawn before
 * React. A title it draws must be the one the screen draws (or the title would change under the
 * reader's eyes), and a screen the role may not open gets no title.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TITLE_LISTA as CAPTACIONES_LISTA, TITLE_NUEVA } from '../features/captaciones/texts';
import { TITLE_CREAR as EMPLEADO_CREAR, TITLE_LISTA as EMPLEADOS_LISTA } from '../features/empleados/texts';
import { TITLE_CREAR as USUARIO_CREAR } from '../features/usuarios/texts';
import { ROUTE, type RoutePattern } from '../lib/paths';
import { DASHBOARD_SCREENS } from './screen-titles';
import { drawStillFrame, stillFrameDrawn, TITLED_SCREENS } from './still-frame';

const ASESOR = { id: 'u-1', role: 'asesor', empleado_id: 'e-1' };
const ADMIN = { id: 'u-2', role: 'administrador', empleado_id: null };

function frame(pathname: string, user: { id: string; role: string; empleado_id: string | null }): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<p>Cargando aplicación...</p>';
  drawStillFrame(root, pathname, user);
  return root;
}

const texts = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((n) => n.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the start-up frame', () => {
  it("draws an adviser's list: title, breadcrumb, the adviser's menu with Proyectos lit, and a spinner", () => {
    const root = frame('/dashboard/captaciones', ASESOR);
    expect(stillFrameDrawn()).toBe(true);
    expect(texts(root, 'h1')).toEqual(['Mis Proyectos de Captación']);
    expect(texts(root, '.app-topbar__crumbs li')).toEqual(['Inicio', 'Mis Proyectos de Captación']);
    expect(texts(root, '.app-sidebar__label')).toEqual(['Perfil', 'Mi Nómina', 'Proyectos', 'Nueva Captación']);
    expect(texts(root, '[aria-current="page"]')).toEqual(['Proyectos', 'Mis Proyectos de Captación']);
    expect(root.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Cargando pantalla');
    expect(root.textContent).not.toContain('Cargando aplicación...');
    // Nothing in it can be pressed and do nothing: its only controls are links.
    expect(root.querySelectorAll('button, input')).toHaveLength(0);
  });

  it("gives no title to a screen the role may not open, or whose header is the screen's own", () => {
    expect(texts(frame('/dashboard/empleados', ASESOR), 'h1')).toEqual([]);
    expect(texts(frame('/dashboard/empleados', ADMIN), 'h1')).toEqual(['Lista de Empleados']);
    expect(texts(frame('/dashboard/users', ADMIN), 'h1')).toEqual([]);
    expect(frame('/dashboard/users', ADMIN).querySelector('[role="status"]')).not.toBeNull();
  });

  it('leaves an address outside the dashboard as it was', () => {
    const root = frame('/auth/sign-in', ADMIN);
    expect(root.innerHTML).toBe('<p>Cargando aplicación...</p>');
  });

  it('follows the sidebar settings kept on the device, and has no sidebar where it is an overlay', () => {
    localStorage.setItem('ui-settings', JSON.stringify({ sidebarOpen: false, sidebarColor: 'green', sidebarType: 'dark' }));
    const wide = frame('/dashboard/captaciones', ADMIN).querySelector('.app-sidebar');
    expect(wide?.className).toBe('app-sidebar app-sidebar--type-dark app-sidebar--color-green app-sidebar--collapsed bp6-dark');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    const phone = frame('/dashboard/captaciones', ADMIN);
    expect(phone.querySelector('.app-shell--overlay')).not.toBeNull();
    expect(phone.querySelector('aside')).toBeNull();
  });

  it('titles exactly the screens whose h1 is their route title, with the text each screen draws', () => {
    const drawn: Partial<Record<RoutePattern, string>> = {
      [ROUTE.captaciones]: CAPTACIONES_LISTA,
      [ROUTE.nuevaCaptacion]: TITLE_NUEVA,
      [ROUTE.empleados]: EMPLEADOS_LISTA,
      [ROUTE.newEmpleado]: EMPLEADO_CREAR,
      [ROUTE.newUser]: USUARIO_CREAR,
    };
    expect(Object.keys(TITLED_SCREENS).sort()).toEqual(Object.keys(drawn).sort());
    for (const [pattern, title] of Object.entries(drawn)) {
      expect(DASHBOARD_SCREENS.find((s) => s.path === pattern)?.title, pattern).toBe(title);
    }
  });
});
