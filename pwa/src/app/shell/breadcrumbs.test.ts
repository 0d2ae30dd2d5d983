import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './breadcrumbs';

const ROUTES = [
  { path: 'home', title: 'Inicio' },
  { path: 'users', title: 'Lista de Usuarios' },
  { path: 'users/edit/:userId', title: 'Editar Usuario' },
  { path: 'captaciones', title: 'Mis Proyectos de Captación' },
  { path: 'captaciones/nueva', title: 'Nueva Captación Inmobiliaria' },
  { path: 'captaciones/:id/detalle', title: 'Detalle de Captación Inmobiliaria' },
];

describe('breadcrumbsFor', () => {
  it('home is a single crumb', () => {
    expect(breadcrumbsFor('/dashboard/home', ROUTES)).toEqual([{ text: 'Inicio' }]);
  });

  it('a list is home then its title', () => {
    expect(breadcrumbsFor('/dashboard/users', ROUTES)).toEqual([
      { text: 'Inicio', href: '/dashboard/home' },
      { text: 'Lista de Usuarios' },
    ]);
  });

  it('a screen inside a section links back to the section, without the record id', () => {
    expect(breadcrumbsFor('/dashboard/captaciones/abc123/detalle', ROUTES)).toEqual([
      { text: 'Inicio', href: '/dashboard/home' },
      { text: 'Proyectos', href: '/dashboard/captaciones' },
      { text: 'Detalle de Captación Inmobiliaria' },
    ]);
    expect(breadcrumbsFor('/dashboard/users/edit/u9', ROUTES).map((c) => c.text)).toEqual([
      'Inicio',
      'Usuarios',
      'Editar Usuario',
    ]);
  });

  it("names the menu entry each payroll screen lights, and another person's profile by their name (issue 20 item 5)", () => {
    const routes = [...ROUTES, { path: 'nomina/crear/:empleadoId', title: 'Crear Nueva Nómina' }, { path: 'nominas/mi-nomina', title: 'Mi Nómina' }, { path: 'profile/:userId', title: 'Mi Perfil' }];
    expect(breadcrumbsFor('/dashboard/nomina/crear/e1', routes).map((c) => c.text)).toEqual(['Inicio', 'Empleados', 'Crear Nueva Nómina']);
    expect(breadcrumbsFor('/dashboard/nominas/mi-nomina', routes).map((c) => c.text)).toEqual(['Inicio', 'Mi Nómina']);
    expect(breadcrumbsFor('/dashboard/profile/u1', routes, { userId: 'u1' }).map((c) => c.text)).toEqual(['Inicio', 'Mi Perfil']);
    expect(breadcrumbsFor('/dashboard/profile/u2', routes, { userId: 'u1' }).map((c) => c.text)).toEqual(['Inicio', 'Usuarios', 'Perfil de Usuario']);
    expect(breadcrumbsFor('/dashboard/profile/u2', routes, { userId: 'u1', title: 'Beto Ruiz Luna' }).map((c) => c.text)).toEqual(['Inicio', 'Usuarios', 'Beto Ruiz Luna']);
  });
});
