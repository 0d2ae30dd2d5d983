/**
 * Every route of both specifications (spec 000 section 2, spec 001 section 2.1, DESIGN
 * section 5). To plug in a finished screen, replace its `underConstruction(...)` with
 * `lazy(() => import('../features/<feature>/<Screen>'))` (a default export); routes marked
 * `sameAs` follow the entry they name.
 */
import { lazy, Suspense, useEffect, type ComponentType, type JSX } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { EmpleadoPublico } from '../../../couch-design/empleado';
import type { UsuarioPublico } from '../../../couch-design/usuario';
import { loadBlueprintStyles } from '../lib/blueprint-styles';
import { AUTH, DASHBOARD, paths, ROUTE } from '../lib/paths';
import { useSession } from '../lib/session';
import { RequireAuth } from './guards';
import { BootScreen, ScreenLoading } from './loading';

export interface ScreenEntry {
  /** Relative to /dashboard (a pattern of lib/paths `ROUTE`). */
  path: string;
  /** Spanish title: breadcrumb, document title and the 'En construcción' page. */
  title: string;
  screen?: ComponentType;
  /** The specifications give this screen two routes: render the entry at that path. */
  sameAs?: string;
}

// The employee profile with the payroll feature's part inside 'Información Laboral' (features
// never import each other: app/ composes them). The payroll code loads when that section opens.
const EmpleadoProfilePage = lazy(() => import('../features/empleados/EmpleadoProfilePage'));
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
const PerfilPage = lazy(() => import('../features/perfil/PerfilPage'));
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
  { path: ROUTE.home, title: 'Inicio', screen: lazy(() => import('../features/dashboard/HomePage')) },
  { path: ROUTE.profile, title: 'Mi Perfil', screen: PerfilScreen },
  { path: ROUTE.profileOf, title: 'Mi Perfil', sameAs: ROUTE.profile },

  { path: ROUTE.users, title: 'Lista de Usuarios', screen: lazy(() => import('../features/usuarios/UsuariosListPage')) },
  { path: ROUTE.newUser, title: 'Crear Nuevo Usuario', screen: lazy(() => import('../features/usuarios/CrearUsuarioPage')) },
  { path: ROUTE.editUser, title: 'Editar Usuario', screen: lazy(() => import('../features/usuarios/EditarUsuarioPage')) },
  { path: ROUTE.userProfile, title: 'Detalle de Usuario', screen: lazy(() => import('../features/usuarios/DetalleUsuarioPage')) },

  { path: ROUTE.empleados, title: 'Lista de Empleados', screen: lazy(() => import('../features/empleados/EmpleadosListPage')) },
  { path: ROUTE.newEmpleado, title: 'Crear Nuevo Empleado', screen: lazy(() => import('../features/empleados/CrearEmpleadoPage')) },
  { path: ROUTE.editEmpleado, title: 'Editar Empleado', screen: lazy(() => import('../features/empleados/EditarEmpleadoPage')) },
  { path: ROUTE.empleadoProfile, title: 'Perfil del Empleado', screen: EmpleadoProfileScreen },
  { path: ROUTE.empleadoProfileAlt, title: 'Perfil del Empleado', sameAs: ROUTE.empleadoProfile },
  {
    path: ROUTE.empleadoDocuments,
    title: 'Documentos del Empleado',
    screen: lazy(() => import('../features/nominas/DocumentosEmpleadoPage')),
  },

  { path: ROUTE.newNomina, title: 'Crear Nueva Nómina', screen: lazy(() => import('../features/nominas/CrearNominaPage')) },
  { path: ROUTE.newNominaAlt, title: 'Crear Nueva Nómina', sameAs: ROUTE.newNomina },
  { path: ROUTE.editNomina, title: 'Editar Nómina', screen: lazy(() => import('../features/nominas/EditarNominaPage')) },
  { path: ROUTE.miNomina, title: 'Mi Nómina', screen: lazy(() => import('../features/nominas/MiNominaPage')) },

  {
    path: ROUTE.captaciones,
    title: 'Mis Proyectos de Captación',
    screen: lazy(() => import('../features/captaciones/CaptacionesListPage')),
  },
  {
    path: ROUTE.nuevaCaptacion,
    title: 'Nueva Captación Inmobiliaria',
    screen: lazy(() => import('../features/captaciones/NuevaCaptacionPage')),
  },
  {
    path: ROUTE.editarCaptacion,
    title: 'Editar Captación',
    screen: lazy(() => import('../features/captaciones/EditarCaptacionPage')),
  },
  {
    path: ROUTE.captacion,
    title: 'Detalle de Captación Inmobiliaria',
    screen: lazy(() => import('../features/captaciones/DetalleCaptacionPage')),
  },
  {
    path: ROUTE.captacionConflicto,
    title: 'Resolver conflicto de captación',
    screen: lazy(() => import('../features/captaciones/ConflictoCaptacionPage')),
  },
  { path: ROUTE.captacionEnLista, title: 'Mis Proyectos de Captación', sameAs: ROUTE.captaciones },
];

// The chrome is only needed once signed in: keep it, and Blueprint's whole stylesheet, out of the entry.
const Shell = lazy(() => Promise.all([import('./shell/Shell'), loadBlueprintStyles()]).then(([m]) => ({ default: m.Shell })));
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
// One screen, two modes (spec 000 section 2): the public mode of the users feature's registration.
const SignUpPage = lazy(() => Promise.all([import('../features/usuarios/RegistroPublicoPage'), loadBlueprintStyles()]).then(([m]) => m));

function resolveScreen(entry: ScreenEntry): ComponentType {
  if (entry.screen) return entry.screen;
  const target = DASHBOARD_SCREENS.find((e) => e.path === entry.sameAs);
  if (!target?.screen) throw new Error(`Ruta sin pantalla: ${DASHBOARD}/${entry.path}`);
  return target.screen;
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
