/**
 * Every route of both specifications (spec 000 section 2, spec 001 section 2.1, DESIGN
 * section 5). To plug in a finished screen, replace its `underConstruction(...)` with
 * `preloadable(() => import('../features/<feature>/<Screen>'))` (a default export); routes marked
 * `sameAs` follow the entry they name.
 */
import { lazy, Suspense, useEffect, type ComponentType, type JSX } from 'react';
import { matchPath, matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { EmpleadoPublico } from '../../../couch-design/empleado';
import type { UsuarioPublico } from '../../../couch-design/usuario';
import { loadBlueprintStyles } from '../lib/blueprint-styles';
import { AUTH, DASHBOARD, paths, ROUTE } from '../lib/paths';
import { useSession } from '../lib/session';
import { RequireAuth } from './guards';
import { preloadable } from './preloadable';
import { BootScreen, ScreenLoading } from './loading';

/** A screen whose code can be fetched before it is drawn (see `preloadPath`). */
type PreloadableScreen = ComponentType & { preload?: () => Promise<unknown> };

export interface ScreenEntry {
  /** Relative to /dashboard (a pattern of lib/paths `ROUTE`). */
  path: string;
  /** Spanish title: breadcrumb, document title and the 'En construcción' page. */
  title: string;
  screen?: PreloadableScreen;
  /** The specifications give this screen two routes: render the entry at that path. */
  sameAs?: string;
}

/** A composed screen (below) fetches its page's code first: that is what it draws first. */
function withPreload(screen: ComponentType, preload: () => Promise<unknown>): PreloadableScreen {
  return Object.assign(screen, { preload });
}

// The employee profile with the payroll feature's part inside 'Información Laboral' (features
// never import each other: app/ composes them). The payroll code loads when that section opens.
const EmpleadoProfilePage = preloadable(() => import('../features/empleados/EmpleadoProfilePage'));
const EmpleadoNominas = lazy(() => import('../features/nominas/EmpleadoNominas').then((m) => ({ default: m.EmpleadoNominas })));

function renderEmpleadoPayroll(empleado: EmpleadoPublico, isAdmin: boolean): JSX.Element {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <EmpleadoNominas empleado={empleado} isAdmin={isAdmin} />
    </Suspense>
  );
}

function EmpleadoProfileScreen(): JSX.Element {
  return <EmpleadoProfilePage renderPayroll={renderEmpleadoPayroll} />;
}

// The own profile with the payroll feature's 'Nóminas' tab (features never import each other:
// app/ composes them).
const PerfilPage = preloadable(() => import('../features/perfil/PerfilPage'));
const PerfilNominas = lazy(() => import('../features/nominas/PerfilNominas').then((m) => ({ default: m.PerfilNominas })));

function renderOwnPayslips(user: UsuarioPublico): JSX.Element {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <PerfilNominas user={user} />
    </Suspense>
  );
}

function PerfilScreen(): JSX.Element {
  return <PerfilPage renderPayslips={renderOwnPayslips} />;
}

export const DASHBOARD_SCREENS: ScreenEntry[] = [
  { path: ROUTE.home, title: 'Inicio', screen: preloadable(() => import('../features/dashboard/HomePage')) },
  { path: ROUTE.profile, title: 'Mi Perfil', screen: withPreload(PerfilScreen, PerfilPage.preload) },
  { path: ROUTE.profileOf, title: 'Mi Perfil', sameAs: ROUTE.profile },

  { path: ROUTE.users, title: 'Lista de Usuarios', screen: preloadable(() => import('../features/usuarios/UsuariosListPage')) },
  { path: ROUTE.newUser, title: 'Crear Nuevo Usuario', screen: preloadable(() => import('../features/usuarios/CrearUsuarioPage')) },
  { path: ROUTE.editUser, title: 'Editar Usuario', screen: preloadable(() => import('../features/usuarios/EditarUsuarioPage')) },
  { path: ROUTE.userProfile, title: 'Detalle de Usuario', screen: preloadable(() => import('../features/usuarios/DetalleUsuarioPage')) },

  { path: ROUTE.empleados, title: 'Lista de Empleados', screen: preloadable(() => import('../features/empleados/EmpleadosListPage')) },
  { path: ROUTE.newEmpleado, title: 'Crear Nuevo Empleado', screen: preloadable(() => import('../features/empleados/CrearEmpleadoPage')) },
  { path: ROUTE.editEmpleado, title: 'Editar Empleado', screen: preloadable(() => import('../features/empleados/EditarEmpleadoPage')) },
  { path: ROUTE.empleadoProfile, title: 'Perfil del Empleado', screen: withPreload(EmpleadoProfileScreen, EmpleadoProfilePage.preload) },
  { path: ROUTE.empleadoProfileAlt, title: 'Perfil del Empleado', sameAs: ROUTE.empleadoProfile },
  {
    path: ROUTE.empleadoDocuments,
    title: 'Documentos del Empleado',
    screen: preloadable(() => import('../features/nominas/DocumentosEmpleadoPage')),
  },

  { path: ROUTE.newNomina, title: 'Crear Nueva Nómina', screen: preloadable(() => import('../features/nominas/CrearNominaPage')) },
  { path: ROUTE.newNominaAlt, title: 'Crear Nueva Nómina', sameAs: ROUTE.newNomina },
  { path: ROUTE.editNomina, title: 'Editar Nómina', screen: preloadable(() => import('../features/nominas/EditarNominaPage')) },
  { path: ROUTE.miNomina, title: 'Mi Nómina', screen: preloadable(() => import('../features/nominas/MiNominaPage')) },

  {
    path: ROUTE.captaciones,
    title: 'Mis Proyectos de Captación',
    screen: preloadable(() => import('../features/captaciones/CaptacionesListPage')),
  },
  {
    path: ROUTE.nuevaCaptacion,
    title: 'Nueva Captación Inmobiliaria',
    screen: preloadable(() => import('../features/captaciones/NuevaCaptacionPage')),
  },
  {
    path: ROUTE.editarCaptacion,
    title: 'Editar Captación',
    screen: preloadable(() => import('../features/captaciones/EditarCaptacionPage')),
  },
  {
    path: ROUTE.captacion,
    title: 'Detalle de Captación Inmobiliaria',
    screen: preloadable(() => import('../features/captaciones/DetalleCaptacionPage')),
  },
  {
    path: ROUTE.captacionConflicto,
    title: 'Resolver conflicto de captación',
    screen: preloadable(() => import('../features/captaciones/ConflictoCaptacionPage')),
  },
  { path: ROUTE.captacionEnLista, title: 'Mis Proyectos de Captación', sameAs: ROUTE.captaciones },
];

// The chrome is only needed once signed in: keep it, and Blueprint's whole stylesheet, out of the entry.
const Shell = preloadable(async () => {
  const [module] = await Promise.all([import('./shell/Shell'), loadBlueprintStyles()]);
  return { default: module.Shell };
});
const SignInPage = preloadable(() => import('../features/auth/SignInPage'));
// One screen, two modes (spec 000 section 2): the public mode of the users feature's registration.
const SignUpPage = preloadable(async () => {
  const [module] = await Promise.all([import('../features/usuarios/RegistroPublicoPage'), loadBlueprintStyles()]);
  return module;
});

function resolveScreen(entry: ScreenEntry): PreloadableScreen {
  if (entry.screen) return entry.screen;
  const target = DASHBOARD_SCREENS.find((e) => e.path === entry.sameAs);
  if (!target?.screen) throw new Error(`Ruta sin pantalla: ${DASHBOARD}/${entry.path}`);
  return target.screen;
}

/**
 * Starts fetching the code the address will draw (the shell and its screen, or a public
 * screen) while the first session check runs, instead of after it: on a phone each wave of
 * chunks costs round trips. An anonymous visitor of a dashboard address fetches the shell for
 * nothing, but that visitor is rare (signing out lands on the sign-in screen). The route table
 * loads the same modules and reports a failure itself, so failures here are dropped.
 */
export function preloadPath(pathname: string): void {
  const loads: Promise<unknown>[] = [];
  if (matchPath(paths.signIn, pathname)) loads.push(SignInPage.preload());
  else if (matchPath(paths.signUp, pathname)) loads.push(SignUpPage.preload());
  else {
    loads.push(Shell.preload());
    // Any other address redirects to the home screen.
    const [match] = matchRoutes(DASHBOARD_SCREENS, pathname, DASHBOARD) ?? matchRoutes(DASHBOARD_SCREENS, paths.home, DASHBOARD) ?? [];
    const preload = match && resolveScreen(match.route).preload;
    if (preload) loads.push(preload());
  }
  for (const load of loads) load.catch(() => undefined);
}

export const APP_NAME = 'Inmobiliaria';

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}

function Screen({ entry }: { entry: ScreenEntry }): JSX.Element {
  useDocumentTitle(entry.title);
  const Component = resolveScreen(entry);
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Component />
    </Suspense>
  );
}

function PublicScreen({ title, children }: { title: string; children: JSX.Element }): JSX.Element {
  useDocumentTitle(title);
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
}

export function AppRoutes(): JSX.Element {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === 'unknown') return <BootScreen protectedArea={!pathname.startsWith(`${AUTH}/`)} />;
  return (
    <Routes>
      <Route path={paths.signIn} element={<PublicScreen title="Iniciar sesión"><SignInPage /></PublicScreen>} />
      <Route path={paths.signUp} element={<PublicScreen title="Registro de Usuario"><SignUpPage /></PublicScreen>} />
      <Route
        path={DASHBOARD}
        element={
          <RequireAuth>
            <Suspense fallback={<BootScreen protectedArea={false} />}>
              <Shell screens={DASHBOARD_SCREENS} />
            </Suspense>
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to={paths.home} replace />} />
        {DASHBOARD_SCREENS.map((entry) => (
          <Route key={entry.path} path={entry.path} element={<Screen entry={entry} />} />
        ))}
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
