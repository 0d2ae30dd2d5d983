import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DASHBOARD, ROUTE } from '../lib/paths';
import { matchScreen } from './match-screen';

const ROUTES = Object.values(ROUTE).map((path) => ({ path }));

/** The pattern React Router's own ranking picks: the start-up script must fetch the screen the router will draw. */
const routerPick = (pathname: string) => matchRoutes(ROUTES, pathname, DASHBOARD)?.[0]?.route.path ?? null;

describe('matchScreen', () => {
  it('picks what the router picks for every route, fixed segments before parameters', () => {
    const addresses = [
      '/dashboard/home', '/dashboard/profile', '/dashboard/profile/u-1',
      '/dashboard/users', '/dashboard/users/crear', '/dashboard/users/edit/u-1', '/dashboard/user-profile/u-1',
      '/dashboard/empleados', '/dashboard/empleados/crear', '/dashboard/empleados/editar/e-1',
      '/dashboard/empleado-profile/e-1', '/dashboard/empleados/profile/e-1', '/dashboard/empleado-documents/e-1',
      '/dashboard/nomina/crear/e-1', '/dashboard/empleado/nomina/e-1', '/dashboard/nomina/update/n-1', '/dashboard/nominas/mi-nomina',
      '/dashboard/captaciones', '/dashboard/captaciones/nueva', '/dashboard/captaciones/editar/c-1',
      '/dashboard/captaciones/c-1/detalle', '/dashboard/captaciones/c-1/conflicto', '/dashboard/captaciones/c-1',
      '/dashboard/captaciones/', '/dashboard/nada', '/dashboard', '/auth/sign-in', '/',
    ];
    for (const address of addresses) expect(matchScreen(address), address).toBe(routerPick(address));
  });

  it('names the fixed route over a parameter that would also match', () => {
    expect(matchScreen('/dashboard/captaciones/nueva')).toBe(ROUTE.nuevaCaptacion);
    expect(matchScreen('/dashboard/users/crear')).toBe(ROUTE.newUser);
  });
});
