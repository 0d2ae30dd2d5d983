/**
 * Every /dashboard route with its Spanish title (breadcrumb and document title), apart from the
 * route table (routes.tsx) so the start-up frame can draw titles and breadcrumbs without React.
 */
import { ROUTE, type RoutePattern } from '../lib/paths';

export interface ScreenEntry {
  /** Relative to /dashboard. */
  path: RoutePattern;
  /** Spanish title: breadcrumb and document title. */
  title: string;
}

/** Another person's profile, until their name is known (the screen then titles itself with it). */
export const OTHERS_PROFILE_TITLE = 'Perfil de Usuario';

export const DASHBOARD_SCREENS: ScreenEntry[] = [
  { path: ROUTE.home, title: 'Inicio' },
  { path: ROUTE.profile, title: 'Mi Perfil' },
  { path: ROUTE.profileOf, title: 'Mi Perfil' },

  { path: ROUTE.users, title: 'Lista de Usuarios' },
  { path: ROUTE.newUser, title: 'Crear Nuevo Usuario' },
  { path: ROUTE.editUser, title: 'Editar Usuario' },
  { path: ROUTE.userProfile, title: 'Detalle de Usuario' },

  { path: ROUTE.empleados, title: 'Lista de Empleados' },
  { path: ROUTE.newEmpleado, title: 'Crear Nuevo Empleado' },
  { path: ROUTE.editEmpleado, title: 'Editar Empleado' },
  { path: ROUTE.empleadoProfile, title: 'Perfil del Empleado' },
  { path: ROUTE.empleadoProfileAlt, title: 'Perfil del Empleado' },
  { path: ROUTE.empleadoDocuments, title: 'Documentos del Empleado' },

  { path: ROUTE.newNomina, title: 'Crear Nueva Nómina' },
  { path: ROUTE.newNominaAlt, title: 'Crear Nueva Nómina' },
  { path: ROUTE.editNomina, title: 'Editar Nómina' },
  { path: ROUTE.miNomina, title: 'Mi Nómina' },

  { path: ROUTE.captaciones, title: 'Mis Proyectos de Captación' },
  { path: ROUTE.nuevaCaptacion, title: 'Nueva Captación Inmobiliaria' },
  { path: ROUTE.editarCaptacion, title: 'Editar Captación' },
  { path: ROUTE.captacion, title: 'Detalle de Captación Inmobiliaria' },
  { path: ROUTE.captacionConflicto, title: 'Resolver conflicto de captación' },
  { path: ROUTE.captacionEnLista, title: 'Mis Proyectos de Captación' },
];
