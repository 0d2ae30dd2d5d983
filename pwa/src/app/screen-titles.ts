/**
 * Every /dashboard route with its Spanish title (breadcrumb and document title; the texts are in
 * lib/titles.ts, which the screens' headings read too), apart from the route table (routes.tsx) so the start-up frame can draw titles and breadcrumbs without React.
 */
import { ROUTE, type RoutePattern } from '../lib/paths';
import { SCREEN_TITLE } from '../lib/titles';

export interface ScreenEntry {
  /** Relative to /dashboard. */
  path: RoutePattern;
  /** Spanish title: breadcrumb and document title. */
  title: string;
}

/** Another person's profile, until their name is known (the screen then titles itself with it). */
export const OTHERS_PROFILE_TITLE = 'Perfil de Usuario';

export const DASHBOARD_SCREENS: ScreenEntry[] = [
  { path: ROUTE.home, title: SCREEN_TITLE.home },
  { path: ROUTE.profile, title: SCREEN_TITLE.profile },
  { path: ROUTE.profileOf, title: SCREEN_TITLE.profile },

  { path: ROUTE.users, title: SCREEN_TITLE.users },
  { path: ROUTE.newUser, title: SCREEN_TITLE.newUser },
  { path: ROUTE.editUser, title: SCREEN_TITLE.editUser },
  { path: ROUTE.userProfile, title: SCREEN_TITLE.userProfile },

  { path: ROUTE.empleados, title: SCREEN_TITLE.empleados },
  { path: ROUTE.newEmpleado, title: SCREEN_TITLE.newEmpleado },
  { path: ROUTE.editEmpleado, title: SCREEN_TITLE.editEmpleado },
  { path: ROUTE.empleadoProfile, title: SCREEN_TITLE.empleadoProfile },
  { path: ROUTE.empleadoProfileAlt, title: SCREEN_TITLE.empleadoProfile },
  { path: ROUTE.empleadoDocuments, title: SCREEN_TITLE.empleadoDocuments },

  { path: ROUTE.newNomina, title: SCREEN_TITLE.newNomina },
  { path: ROUTE.newNominaAlt, title: SCREEN_TITLE.newNomina },
  { path: ROUTE.editNomina, title: SCREEN_TITLE.editNomina },
  { path: ROUTE.miNomina, title: SCREEN_TITLE.miNomina },

  { path: ROUTE.captaciones, title: SCREEN_TITLE.captaciones },
  { path: ROUTE.nuevaCaptacion, title: SCREEN_TITLE.nuevaCaptacion },
  { path: ROUTE.editarCaptacion, title: SCREEN_TITLE.editarCaptacion },
  { path: ROUTE.captacion, title: SCREEN_TITLE.captacion },
  { path: ROUTE.captacionConflicto, title: SCREEN_TITLE.captacionConflicto },
  { path: ROUTE.captacionEnLista, title: SCREEN_TITLE.captaciones },
];
