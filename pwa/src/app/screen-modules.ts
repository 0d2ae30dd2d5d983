/**
 * Where each screen's code lives, as loaders, with no React in sight: the route table
 * (routes.tsx) draws them, and the start-up script (boot.ts) fetches the one an address needs
 * before React itself has been evaluated.
 */
import type { ComponentType } from 'react';
import { loadBlueprintStyles } from '../lib/blueprint-styles';
import { ROUTE, type RoutePattern } from '../lib/paths';

// Screens take different props: the route table passes each its own.
export type ScreenModule = { default: ComponentType<any> };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * A screen drawn with Blueprint's whole stylesheet. The entry's first-paint part
 * (pwa/build/critical-css.ts) covers the shell and the captaciones list, the screen a field agent
 * opens, which therefore waits for nothing more; every other screen waits for the whole sheet.
 */
function withAllStyles(load: ScreenLoader): ScreenLoader {
  return async () => {
    const [module] = await Promise.all([load(), loadBlueprintStyles()]);
    return module;
  };
}

/** Each pattern of `ROUTE` that draws a screen of its own (the others follow one of these). */
export const SCREEN_MODULES = {
  [ROUTE.home]: withAllStyles(() => import('../features/dashboard/HomePage')),
  [ROUTE.profile]: withAllStyles(() => import('../features/perfil/PerfilPage')),

  [ROUTE.users]: withAllStyles(() => import('../features/usuarios/UsuariosListPage')),
  [ROUTE.newUser]: withAllStyles(() => import('../features/usuarios/CrearUsuarioPage')),
  [ROUTE.editUser]: withAllStyles(() => import('../features/usuarios/EditarUsuarioPage')),
  [ROUTE.userProfile]: withAllStyles(() => import('../features/usuarios/DetalleUsuarioPage')),

  [ROUTE.empleados]: withAllStyles(() => import('../features/empleados/EmpleadosListPage')),
  [ROUTE.newEmpleado]: withAllStyles(() => import('../features/empleados/CrearEmpleadoPage')),
  [ROUTE.editEmpleado]: withAllStyles(() => import('../features/empleados/EditarEmpleadoPage')),
  [ROUTE.empleadoProfile]: withAllStyles(() => import('../features/empleados/EmpleadoProfilePage')),
  [ROUTE.empleadoDocuments]: withAllStyles(() => import('../features/nominas/DocumentosEmpleadoPage')),

  [ROUTE.newNomina]: withAllStyles(() => import('../features/nominas/CrearNominaPage')),
  [ROUTE.editNomina]: withAllStyles(() => import('../features/nominas/EditarNominaPage')),
  [ROUTE.miNomina]: withAllStyles(() => import('../features/nominas/MiNominaPage')),

  [ROUTE.captaciones]: () => import('../features/captaciones/CaptacionesListPage'),
  [ROUTE.nuevaCaptacion]: withAllStyles(() => import('../features/captaciones/NuevaCaptacionPage')),
  [ROUTE.editarCaptacion]: withAllStyles(() => import('../features/captaciones/EditarCaptacionPage')),
  [ROUTE.captacion]: withAllStyles(() => import('../features/captaciones/DetalleCaptacionPage')),
  [ROUTE.captacionConflicto]: withAllStyles(() => import('../features/captaciones/ConflictoCaptacionPage')),
} satisfies Partial<Record<RoutePattern, ScreenLoader>>;

/** The two routes the specifications give one screen: the second draws the first's. */
export const SAME_SCREEN: Partial<Record<RoutePattern, RoutePattern>> = {
  [ROUTE.profileOf]: ROUTE.profile,
  [ROUTE.empleadoProfileAlt]: ROUTE.empleadoProfile,
  [ROUTE.newNominaAlt]: ROUTE.newNomina,
  [ROUTE.captacionEnLista]: ROUTE.captaciones,
};

// The chrome is only needed once signed in: keep it, and Blueprint's whole stylesheet, out of
// the entry. It draws with the first paint's part (the shell fetches the whole sheet once drawn).
export async function loadShell() {
  return { default: (await import('./shell/Shell')).Shell };
}

export const loadSignInPage = () => import('../features/auth/SignInPage');

// One screen, two modes (spec 000 section 2): the public mode of the users feature's registration.
export async function loadSignUpPage() {
  const [module] = await Promise.all([import('../features/usuarios/RegistroPublicoPage'), loadBlueprintStyles()]);
  return module;
}
