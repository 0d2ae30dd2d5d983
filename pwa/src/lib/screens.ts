/**
 * The route table (docs/architecture.md section 5, «Las pantallas: una tabla»): each screen of both
 * specifications declared once, as react-admin's `<Resource>` declares a resource — its path, its
 * Spanish title (spec 000 section 2, spec 001 section 2.1: word for word), the file of its screen,
 * who may open it and where anyone else goes, and its sidebar entry. `paths` (lib/paths.ts), the
 * titles (lib/titles.ts), the code loaders and the start-up fetch (app/screen-modules.ts,
 * app/preload-path.ts), the guard (app/routes.tsx), the sidebar (app/shell/nav-entries.ts) and the
 * start-up frame (app/still-frame.ts) all read it. Plain data with no React and no feature import:
 * the start-up script reads it before React has arrived, and features read their paths from it.
 *
 * Adding a screen is one entry here (its file under features/ named by `module`).
 */
import type { IconName } from '@blueprintjs/icons';
import {
  canCreateCaptacion,
  canEditCaptacion,
  canEditUser,
  canManageEmployees,
  canManagePayroll,
  canManageUsers,
  canViewDashboard,
  canViewSystemStatus,
  canViewEmployeeProfile,
  hasOwnPayslips,
  type SessionUser,
} from '../../../couch-design/roles';

/** The parameters of the address a screen was opened at (`:userId` -> `userId`). */
export type ScreenParams = Readonly<Record<string, string | undefined>>;

export interface ScreenMenu {
  /** `nav-<slug>`: the entry's test hook and key. */
  slug: string;
  label: string;
  icon: IconName;
  /** Other screens the entry stays lit on (details, edits reached from it). */
  lights?: readonly string[];
  /** Who sees the entry, when it is not simply who may open the screen. */
  shown?: (user: SessionUser) => boolean;
}

export interface ScreenDeclaration {
  /** Below /dashboard, as React Router's `path` (`users/edit/:userId`). */
  path: string;
  /** Spanish title: heading, breadcrumb, document title. Omitted by a second reading of another screen. */
  title?: string;
  /** The screen's file below pwa/src/features, without extension (`usuarios/UsuariosListPage`). */
  module?: string;
  /** A second route the specifications give one screen: it draws that screen, under its title. */
  sameAs?: string;
  /** Drawn with the first paint's part of Blueprint's stylesheet only (pwa/build/critical-css.ts). */
  firstPaint?: true;
  /** Who may open it (everyone signed in, when omitted); the gateway checks every call again. */
  access?: (user: SessionUser, params: ScreenParams) => boolean;
  /** Where anyone `access` refuses goes (home, when omitted). */
  refused?: string;
  menu?: ScreenMenu;
  /** The start-up frame draws its header: the shared PageHeader with the route's title (and whether it has buttons). */
  frame?: { actions: boolean };
}

const canEditCaptaciones = (user: SessionUser) => canEditCaptacion(user.role);

/** Every /dashboard screen, in the sidebar's order. */
export const DASHBOARD_SCREEN_TABLE = {
  home: {
    path: 'home',
    title: 'Inicio',
    module: 'dashboard/HomePage',
    access: (user) => canViewDashboard(user.role),
    refused: 'profile',
    menu: { slug: 'dashboard', label: 'Dashboard', icon: 'dashboard' },
  },
  profile: {
    path: 'profile',
    title: 'Mi Perfil',
    module: 'perfil/PerfilPage',
    menu: { slug: 'perfil', label: 'Perfil', icon: 'person' },
  },
  // Another person's profile is an admin's (issue 20 item 5); anyone else goes to their own.
  profileOf: { path: 'profile/:userId', sameAs: 'profile', access: (user, { userId }) => canEditUser(user, userId ?? ''), refused: 'profile' },

  users: {
    path: 'users',
    title: 'Lista de Usuarios',
    module: 'usuarios/UsuariosListPage',
    access: (user) => canManageUsers(user.role),
    menu: { slug: 'usuarios', label: 'Usuarios', icon: 'people', lights: ['userProfile'] },
  },
  newUser: { path: 'users/crear', title: 'Crear Nuevo Usuario', module: 'usuarios/CrearUsuarioPage', access: (user) => canManageUsers(user.role), frame: { actions: false } },
  editUser: { path: 'users/edit/:userId', title: 'Editar Usuario', module: 'usuarios/EditarUsuarioPage', access: (user, { userId }) => canEditUser(user, userId ?? '') },
  userProfile: { path: 'user-profile/:userId', title: 'Detalle de Usuario', module: 'usuarios/DetalleUsuarioPage', access: (user, { userId }) => canEditUser(user, userId ?? '') },

  empleados: {
    path: 'empleados',
    title: 'Lista de Empleados',
    module: 'empleados/EmpleadosListPage',
    access: (user) => canManageEmployees(user.role),
    menu: { slug: 'empleados', label: 'Empleados', icon: 'id-number', lights: ['empleadoProfile', 'empleadoDocuments', 'newNominaAlt', 'newNomina', 'editNomina'] },
    frame: { actions: true },
  },
  newEmpleado: { path: 'empleados/crear', title: 'Crear Nuevo Empleado', module: 'empleados/CrearEmpleadoPage', access: (user) => canManageEmployees(user.role), frame: { actions: false } },
  editEmpleado: { path: 'empleados/editar/:empleadoId', title: 'Editar Empleado', module: 'empleados/EditarEmpleadoPage', access: (user) => canManageEmployees(user.role) },
  empleadoProfile: { path: 'empleado-profile/:empleadoId', title: 'Perfil del Empleado', module: 'empleados/EmpleadoProfilePage', access: (user, { empleadoId }) => canViewEmployeeProfile(user, empleadoId ?? '') },
  /** The second reading the specifications give of `empleadoProfile`. */
  empleadoProfileAlt: { path: 'empleados/profile/:empleadoId', sameAs: 'empleadoProfile', access: (user, { empleadoId }) => canViewEmployeeProfile(user, empleadoId ?? '') },
  empleadoDocuments: { path: 'empleado-documents/:empleadoId', title: 'Documentos del Empleado', module: 'nominas/DocumentosEmpleadoPage', access: (user, { empleadoId }) => canViewEmployeeProfile(user, empleadoId ?? '') },

  newNomina: { path: 'nomina/crear/:empleadoId', title: 'Crear Nueva Nómina', module: 'nominas/CrearNominaPage', access: (user) => canManagePayroll(user.role) },
  /** The second reading the specifications give of `newNomina`. */
  newNominaAlt: { path: 'empleado/nomina/:empleadoId', sameAs: 'newNomina', access: (user) => canManagePayroll(user.role) },
  editNomina: { path: 'nomina/update/:nominaId', title: 'Editar Nómina', module: 'nominas/EditarNominaPage', access: (user) => canManagePayroll(user.role) },
  miNomina: {
    path: 'nominas/mi-nomina',
    title: 'Mi Nómina',
    module: 'nominas/MiNominaPage',
    menu: { slug: 'mi-nomina', label: 'Mi Nómina', icon: 'bank-account', shown: hasOwnPayslips },
  },

  captaciones: {
    path: 'captaciones',
    title: 'Mis Proyectos de Captación',
    module: 'captaciones/CaptacionesListPage',
    // The screen a field agent opens: it waits for no more of the stylesheet than the shell.
    firstPaint: true,
    menu: { slug: 'proyectos', label: 'Proyectos', icon: 'projects' },
    frame: { actions: true },
  },
  nuevaCaptacion: {
    path: 'captaciones/nueva',
    title: 'Nueva Captación Inmobiliaria',
    module: 'captaciones/NuevaCaptacionPage',
    access: (user) => canCreateCaptacion(user.role),
    menu: { slug: 'nueva-captacion', label: 'Nueva Captación', icon: 'add' },
    frame: { actions: false },
  },
  editarCaptacion: { path: 'captaciones/editar/:id', title: 'Editar Captación', module: 'captaciones/EditarCaptacionPage', access: canEditCaptaciones },
  captacion: { path: 'captaciones/:id/detalle', title: 'Detalle de Captación Inmobiliaria', module: 'captaciones/DetalleCaptacionPage' },
  captacionConflicto: { path: 'captaciones/:id/conflicto', title: 'Resolver conflicto de captación', module: 'captaciones/ConflictoCaptacionPage', access: canEditCaptaciones },
  /** Spec 001: /dashboard/captaciones/{id} "shows the list". */
  captacionEnLista: { path: 'captaciones/:id', sameAs: 'captaciones' },

  // Ours (issue 32 item 4): the gateway, the store and every person's devices, for admins.
  estado: { path: 'estado', title: 'Estado del sistema', module: 'estado/EstadoPage', access: (user) => canViewSystemStatus(user.role), menu: { slug: 'estado', label: 'Estado', icon: 'pulse' } },
} as const satisfies Record<string, ScreenDeclaration>;

/** The screens outside /dashboard, open to anyone (each decides what a signed-in visitor sees). */
export const PUBLIC_SCREEN_TABLE = {
  signIn: { path: '/auth/sign-in', title: 'Iniciar sesión', module: 'auth/SignInPage', firstPaint: true },
  // One screen, two modes (spec 000 section 2): the public mode of the users feature's registration.
  signUp: { path: '/auth/sign-up', title: 'Registro de Usuario', module: 'usuarios/RegistroPublicoPage' },
} as const satisfies Record<string, ScreenDeclaration & { title: string; module: string }>;

export type DashboardScreenName = keyof typeof DASHBOARD_SCREEN_TABLE;
export type PublicScreenName = keyof typeof PUBLIC_SCREEN_TABLE;
