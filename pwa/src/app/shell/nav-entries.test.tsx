// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { isEntryActive, navEntriesFor } from './nav-entries';
import { Sidebar } from './Sidebar';

const slugs = (role: string, empleado_id: string | null = null) =>
  navEntriesFor({ id: 'u1', role, empleado_id }).map((e) => e.slug);

afterEach(cleanup);

describe('sidebar entries by role', () => {
  it('admins see every entry, Dashboard first', () => {
    expect(slugs('administrator', 'e1')).toEqual([
      'dashboard',
      'perfil',
      'usuarios',
      'empleados',
      'mi-nomina',
      'proyectos',
      'nueva-captacion',
      'estado',
    ]);
    expect(slugs('Superadministrator')).toContain('usuarios');
  });

  it('non-admins get Perfil first and never the admin pages', () => {
    for (const role of ['user', 'Asesor', 'supervisor de obra', 'ayudante de administrador']) {
      const entries = slugs(role);
      expect(entries[0]).toBe('perfil');
      expect(entries).not.toContain('dashboard');
      expect(entries).not.toContain('usuarios');
      expect(entries).not.toContain('empleados');
      expect(entries).not.toContain('estado');
      expect(entries).toContain('proyectos');
    }
  });

  it('Mi Nómina appears only when the stored user has an employee link', () => {
    expect(slugs('user')).not.toContain('mi-nomina');
    expect(slugs('user', 'e-42')).toContain('mi-nomina');
    expect(slugs('administrador')).not.toContain('mi-nomina');
  });

  it('Nueva Captación follows the right to create captaciones', () => {
    expect(slugs('user')).toContain('nueva-captacion');
    expect(slugs('asesor')).toContain('nueva-captacion');
    expect(slugs('supervisor de obra')).not.toContain('nueva-captacion');
    expect(slugs('ayudante de administrador')).not.toContain('nueva-captacion');
  });

  it('an entry stays lit on the screens reached from it', () => {
    const bySlug = Object.fromEntries(navEntriesFor({ id: 'u', role: 'admin', empleado_id: 'e' }).map((e) => [e.slug, e]));
    const lit = (path: string) => Object.values(bySlug).filter((e) => isEntryActive(e, path, 'u')).map((e) => e.slug);
    expect(lit('/dashboard/captaciones')).toEqual(['proyectos']);
    expect(lit('/dashboard/captaciones/c1/detalle')).toEqual(['proyectos']);
    expect(lit('/dashboard/captaciones/nueva')).toEqual(['nueva-captacion']);
    expect(lit('/dashboard/user-profile/u9')).toEqual(['usuarios']);
    expect(lit('/dashboard/nomina/crear/e1')).toEqual(['empleados']);
    expect(lit('/dashboard/nominas/mi-nomina')).toEqual(['mi-nomina']);
    expect(lit('/dashboard/profile/u')).toEqual(['perfil']);
    // Another person's profile is reached from Usuarios, never 'Perfil' (issue 20 item 5).
    expect(lit('/dashboard/profile/u1')).toEqual(['usuarios']);
    expect(lit('/dashboard/usersx')).toEqual([]);
  });

  it('nobody signed in, no entries', () => {
    expect(navEntriesFor(null)).toEqual([]);
  });

  it('renders the entries as links with stable test hooks and the brand', () => {
    const entries = navEntriesFor({ id: 'u1', role: 'supervisor de obra', empleado_id: 'e-1' });
    render(
      <MemoryRouter initialEntries={['/dashboard/captaciones']}>
        <Sidebar entries={entries} color="dark" type="white" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByText('Inmobiliaria')).toBeTruthy();
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Perfil', 'Mi Nómina', 'Proyectos']);
    expect(screen.getByTestId('nav-mi-nomina').getAttribute('href')).toBe('/dashboard/nominas/mi-nomina');
    expect(screen.getByTestId('nav-proyectos').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-proyectos').className).toContain('is-active');
    expect(screen.getByTestId('nav-perfil').className).not.toContain('is-active');
  });
});
