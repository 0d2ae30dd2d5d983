/**
 * Every route of the PWA, once (docs/architecture.md section 5; spec 000 section 2, spec 001 section 2.1): the
 * route table declares the patterns of `ROUTE`; links, redirects and the sidebar use `paths`.
 */

export const AUTH = '/auth';
export const DASHBOARD = '/dashboard';

/** The screens under /dashboard, as patterns relative to it (the route table's `path`). */
export const ROUTE = {
  home: 'home',
  profile: 'profile',
  profileOf: 'profile/:userId',

  users: 'users',
  newUser: 'users/crear',
  editUser: 'users/edit/:userId',
  userProfile: 'user-profile/:userId',

  empleados: 'empleados',
  newEmpleado: 'empleados/crear',
  editEmpleado: 'empleados/editar/:empleadoId',
  empleadoProfile: 'empleado-profile/:empleadoId',
  /** The second reading the specifications give of `empleadoProfile`. */
  empleadoProfileAlt: 'empleados/profile/:empleadoId',
  empleadoDocuments: 'empleado-documents/:empleadoId',

  newNomina: 'nomina/crear/:empleadoId',
  /** The second reading the specifications give of `newNomina`. */
  newNominaAlt: 'empleado/nomina/:empleadoId',
  editNomina: 'nomina/update/:nominaId',
  miNomina: 'nominas/mi-nomina',

  captaciones: 'captaciones',
  nuevaCaptacion: 'captaciones/nueva',
  editarCaptacion: 'captaciones/editar/:id',
  captacion: 'captaciones/:id/detalle',
  captacionConflicto: 'captaciones/:id/conflicto',
  /** Spec 001: /dashboard/captaciones/{id} "shows the list". */
  captacionEnLista: 'captaciones/:id',
} as const;

export type RoutePattern = (typeof ROUTE)[keyof typeof ROUTE];

/** The absolute path of a pattern, each `:param` filled in URL-encoded. */
export function dashboardPath(pattern: RoutePattern, params: Record<string, string> = {}): string {
  return `${DASHBOARD}/${pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/** The absolute path up to a pattern's first parameter: the prefix every URL of that route starts with. */
export function staticPrefix(pattern: RoutePattern): string {
  return `${DASHBOARD}/${pattern.split('/:')[0]}`;
}

export const paths = {
  signIn: `${AUTH}/sign-in`,
  signUp: `${AUTH}/sign-up`,

  home: dashboardPath(ROUTE.home),
  profile: dashboardPath(ROUTE.profile),
  profileOf: (userId: string) => dashboardPath(ROUTE.profileOf, { userId }),

  users: dashboardPath(ROUTE.users),
  newUser: dashboardPath(ROUTE.newUser),
  editUser: (userId: string) => dashboardPath(ROUTE.editUser, { userId }),
  userProfile: (userId: string) => dashboardPath(ROUTE.userProfile, { userId }),

  empleados: dashboardPath(ROUTE.empleados),
  newEmpleado: dashboardPath(ROUTE.newEmpleado),
  editEmpleado: (empleadoId: string) => dashboardPath(ROUTE.editEmpleado, { empleadoId }),
  empleadoProfile: (empleadoId: string) => dashboardPath(ROUTE.empleadoProfile, { empleadoId }),
  /** The edit-employee screen's Cancelar target (spec 000 section 2 gives it this reading). */
  empleadoProfileAlt: (empleadoId: string) => dashboardPath(ROUTE.empleadoProfileAlt, { empleadoId }),
  empleadoDocuments: (empleadoId: string) => dashboardPath(ROUTE.empleadoDocuments, { empleadoId }),

  newNomina: (empleadoId: string) => dashboardPath(ROUTE.newNomina, { empleadoId }),
  editNomina: (nominaId: string) => dashboardPath(ROUTE.editNomina, { nominaId }),
  miNomina: dashboardPath(ROUTE.miNomina),

  captaciones: dashboardPath(ROUTE.captaciones),
  nuevaCaptacion: dashboardPath(ROUTE.nuevaCaptacion),
  captacion: (id: string) => dashboardPath(ROUTE.captacion, { id }),
  editarCaptacion: (id: string) => dashboardPath(ROUTE.editarCaptacion, { id }),
  captacionConflicto: (id: string) => dashboardPath(ROUTE.captacionConflicto, { id }),
} as const;
