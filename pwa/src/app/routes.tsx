/**
 * Every route of both specifications (spec 000 section 2, spec 001 section 2.1, DESIGN
 * section 5). To plug in a finished screen, replace its `underConstruction(...)` with
 * `lazy(() => import('../features/<feature>/<Screen>'))` (a default export); routes marked
 * `sameAs` follow the entry they name.
 */
import { lazy, Suspense, useEffect, type ComponentType, type JSX } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { HOME_PATH, RequireAuth } from './guards';
import { BootScreen, ScreenLoading } from './loading';
import { underConstruction } from './UnderConstruction';

export interface ScreenEntry {
  /** Relative to /dashboard. */
  path: string;
  /** Spanish title: breadcrumb, document title and the 'En construcción' page. */
  title: string;
  screen?: ComponentType;
  /** The specifications give this screen two routes: render the entry at that path. */
  sameAs?: string;
}

export const DASHBOARD_SCREENS: ScreenEntry[] = [
  { path: 'home', title: 'Inicio', screen: lazy(() => import('../features/dashboard/HomePage')) },
  { path: 'profile', title: 'Mi Perfil', screen: lazy(() => import('../features/dashboard/ProfilePage')) },
  { path: 'profile/:userId', title: 'Mi Perfil', sameAs: 'profile' },

  { path: 'users', title: 'Lista de Usuarios', screen: underConstruction('Lista de Usuarios') },
  { path: 'users/crear', title: 'Crear Nuevo Usuario', screen: underConstruction('Crear Nuevo Usuario') },
  { path: 'users/edit/:userId', title: 'Editar Usuario', screen: underConstruction('Editar Usuario') },
  { path: 'user-profile/:userId', title: 'Detalle de Usuario', screen: underConstruction('Detalle de Usuario') },

  { path: 'empleados', title: 'Lista de Empleados', screen: underConstruction('Lista de Empleados') },
  { path: 'empleados/crear', title: 'Crear Nuevo Empleado', screen: underConstruction('Crear Nuevo Empleado') },
  { path: 'empleados/editar/:empleadoId', title: 'Editar Empleado', screen: underConstruction('Editar Empleado') },
  { path: 'empleado-profile/:empleadoId', title: 'Perfil del Empleado', screen: underConstruction('Perfil del Empleado') },
  { path: 'empleados/profile/:empleadoId', title: 'Perfil del Empleado', sameAs: 'empleado-profile/:empleadoId' },
  {
    path: 'empleado-documents/:empleadoId',
    title: 'Documentos del Empleado',
    screen: underConstruction('Documentos del Empleado'),
  },

  { path: 'nomina/crear/:empleadoId', title: 'Crear Nueva Nómina', screen: underConstruction('Crear Nueva Nómina') },
  { path: 'empleado/nomina/:empleadoId', title: 'Crear Nueva Nómina', sameAs: 'nomina/crear/:empleadoId' },
  { path: 'nomina/update/:nominaId', title: 'Editar Nómina', screen: underConstruction('Editar Nómina') },
  { path: 'nominas/mi-nomina', title: 'Mi Nómina', screen: underConstruction('Mi Nómina') },

  {
    path: 'captaciones',
    title: 'Mis Proyectos de Captación',
    screen: lazy(() => import('../features/captaciones/CaptacionesListPage')),
  },
  {
    path: 'captaciones/nueva',
    title: 'Nueva Captación Inmobiliaria',
    screen: lazy(() => import('../features/captaciones/NuevaCaptacionPage')),
  },
  {
    path: 'captaciones/editar/:id',
    title: 'Editar Captación',
    screen: lazy(() => import('../features/captaciones/EditarCaptacionPage')),
  },
  {
    path: 'captaciones/:id/detalle',
    title: 'Detalle de Captación Inmobiliaria',
    screen: lazy(() => import('../features/captaciones/DetalleCaptacionPage')),
  },
  {
    path: 'captaciones/:id/conflicto',
    title: 'Resolver conflicto de captación',
    screen: lazy(() => import('../features/captaciones/ConflictoCaptacionPage')),
  },
  // Spec 001: /dashboard/captaciones/{id} "shows the list".
  { path: 'captaciones/:id', title: 'Mis Proyectos de Captación', sameAs: 'captaciones' },
];

// The chrome is only needed once signed in: keep it out of the entry chunk.
const Shell = lazy(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'));

function resolveScreen(entry: ScreenEntry): ComponentType {
  if (entry.screen) return entry.screen;
  const target = DASHBOARD_SCREENS.find((e) => e.path === entry.sameAs);
  if (!target?.screen) throw new Error(`Ruta sin pantalla: /dashboard/${entry.path}`);
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
  if (status === 'unknown') return <BootScreen protectedArea={!pathname.startsWith('/auth/')} />;
  return (
    <Routes>
      <Route path="/auth/sign-in" element={<PublicScreen title="Iniciar sesión"><SignInPage /></PublicScreen>} />
      <Route path="/auth/sign-up" element={<PublicScreen title="Registro de Usuario"><SignUpPage /></PublicScreen>} />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <Suspense fallback={<BootScreen protectedArea={false} />}>
              <Shell screens={DASHBOARD_SCREENS} />
            </Suspense>
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to={HOME_PATH} replace />} />
        {DASHBOARD_SCREENS.map((entry) => (
          <Route key={entry.path} path={entry.path} element={<Screen entry={entry} />} />
        ))}
        <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
      </Route>
      <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
    </Routes>
  );
}
