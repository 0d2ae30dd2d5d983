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

/** Each pattern of `ROUTE` that draws a screen of its own (the others follow one of these). */
export const SCREEN_MODULES = {
  [ROUTE.home]: () => import('../features/dashboard/HomePage'),
  [ROUTE.profile]: () => import('../features/perfil/PerfilPage'),

  [ROUTE.users]: () => import('../features/usuarios/UsuariosListPage'),
  [ROUTE.newUser]: () => import('../features/usuarios/CrearUsuarioPage'),
  [ROUTE.editUser]: () => import('../features/usuarios/EditarUsuarioPage'),
  [ROUTE.userProfile]: () => import('../features/usuarios/DetalleUsuarioPage'),

  [ROUTE.empleados]: () => import('../features/empleados/EmpleadosListPage'),
  [ROUTE.newEmpleado]: () => import('../features/empleados/CrearEmpleadoPage'),
  [ROUTE.editEmpleado]: () => import('../features/empleados/EditarEmpleadoPage'),
  [ROUTE.empleadoProfile]: () => import('../features/empleados/EmpleadoProfilePage'),
  [ROUTE.empleadoDocuments]: () => import('../features/nominas/DocumentosEmpleadoPage'),

  [ROUTE.newNomina]: () => import('../features/nominas/CrearNominaPage'),
  [ROUTE.editNomina]: () => import('../features/nominas/EditarNominaPage'),
  [ROUTE.miNomina]: () => import('../features/nominas/MiNominaPage'),

  [ROUTE.captaciones]: () => import('../features/captaciones/CaptacionesListPage'),
  [ROUTE.nuevaCaptacion]: () => import('../features/captaciones/NuevaCaptacionPage'),
  [ROUTE.editarCaptacion]: () => import('../features/captaciones/EditarCaptacionPage'),
  [ROUTE.captacion]: () => import('../features/captaciones/DetalleCaptacionPage'),
  [ROUTE.captacionConflicto]: () => import('../features/captaciones/ConflictoCaptacionPage'),
} satisfies Partial<Record<RoutePattern, ScreenLoader>>;

/** The two routes the specifications give one screen: the second draws the first's. */
export const SAME_SCREEN: Partial<Record<RoutePattern, RoutePattern>> = {
  [ROUTE.profileOf]: ROUTE.profile,
  [ROUTE.empleadoProfileAlt]: ROUTE.empleadoProfile,
  [ROUTE.newNominaAlt]: ROUTE.newNomina,
  [ROUTE.captacionEnLista]: ROUTE.captaciones,
};

// The chrome is only needed once signed in: keep it, and Blueprint's whole stylesheet, out of the entry.
export async function loadShell() {
  const [module] = await Promise.all([import('./shell/Shell'), loadBlueprintStyles()]);
  return { default: module.Shell };
}

export const loadSignInPage = () => import('../features/auth/SignInPage');

// One screen, two modes (spec 000 section 2): the public mode of the users feature's registration.
export async function loadSignUpPage() {
  const [module] = await Promise.all([import('../features/usuarios/RegistroPublicoPage'), loadBlueprintStyles()]);
  return module;
}
