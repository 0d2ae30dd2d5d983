import { describe, expect, it } from 'vitest';
import { paths, ROUTE, staticPrefix } from './paths';

describe('paths of the specifications (spec 000 section 2, spec 001 section 2.1)', () => {
  it('fixed screens', () => {
    expect([paths.signIn, paths.signUp, paths.home, paths.profile]).toEqual([
      '/auth/sign-in',
      '/auth/sign-up',
      '/dashboard/home',
      '/dashboard/profile',
    ]);
    expect([paths.users, paths.newUser, paths.empleados, paths.newEmpleado, paths.miNomina]).toEqual([
      '/dashboard/users',
      '/dashboard/users/crear',
      '/dashboard/empleados',
      '/dashboard/empleados/crear',
      '/dashboard/nominas/mi-nomina',
    ]);
    expect([paths.captaciones, paths.nuevaCaptacion]).toEqual(['/dashboard/captaciones', '/dashboard/captaciones/nueva']);
  });

  it('screens of one record put its id where the route table has the parameter', () => {
    expect(paths.captacion('c-1')).toBe('/dashboard/captaciones/c-1/detalle');
    expect(paths.editarCaptacion('c-1')).toBe('/dashboard/captaciones/editar/c-1');
    expect(paths.captacionConflicto('c-1')).toBe('/dashboard/captaciones/c-1/conflicto');
    expect(paths.profileOf('u-1')).toBe('/dashboard/profile/u-1');
    expect(paths.editUser('u-9')).toBe('/dashboard/users/edit/u-9');
    expect(paths.userProfile('u-9')).toBe('/dashboard/user-profile/u-9');
    expect(paths.editEmpleado('e-3')).toBe('/dashboard/empleados/editar/e-3');
    expect(paths.empleadoProfile('e-3')).toBe('/dashboard/empleado-profile/e-3');
    expect(paths.empleadoDocuments('e-3')).toBe('/dashboard/empleado-documents/e-3');
    expect(paths.newNomina('e-3')).toBe('/dashboard/nomina/crear/e-3');
    expect(paths.editNomina('n-5')).toBe('/dashboard/nomina/update/n-5');
  });

  it('an id with URL characters stays one path segment', () => {
    expect(paths.captacion('a/b c?d')).toBe('/dashboard/captaciones/a%2Fb%20c%3Fd/detalle');
  });

  it('the prefix of a parametrised route stops before its first parameter', () => {
    expect(staticPrefix(ROUTE.userProfile)).toBe('/dashboard/user-profile');
    expect(staticPrefix(ROUTE.newNominaAlt)).toBe('/dashboard/empleado/nomina');
    expect(staticPrefix(ROUTE.captaciones)).toBe('/dashboard/captaciones');
  });

  it('no two screens share a pattern', () => {
    const patterns = Object.values(ROUTE);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
