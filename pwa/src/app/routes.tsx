/**
 * Every route of both specifications (spec 000 section 2, spec 001 section 2.1, docs/architecture.md
 * section 5), drawn from the route table (lib/screens.ts): each screen's title, its code
 * (screen-modules.ts; start-up fetches it from there ahead of React) and who may open it. The
 * two readings the specifications give of some routes draw one screen (`sameAs`).
 */
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type JSX } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import type { EmpleadoPublico } from '../../../couch-design/empleado';
import type { EstadoPersona } from '../../../couch-design/estado';
import type { UsuarioPublico } from '../../../couch-design/usuario';
import { fullName } from '../../../couch-design/helpers/names';
import { AUTH, DASHBOARD, paths, ROUTE, type RoutePattern } from '../lib/paths';
import { Redirect } from '../lib/redirect';
import { useScreenTitleOf } from '../lib/screen-title';
import { useSession } from '../lib/session';
import { BRAND_NAME, SCREEN_TITLE } from '../lib/titles';
import { isOthersProfile } from './shell/nav-entries';
import { RequireAuth } from './guards';
import { BootScreen, ScreenLoading } from './loading';
import { startupCode, startupCodeSettled } from './preload-path';
import { preloadable } from './preloadable';
import { DASHBOARD_SCREENS, OTHERS_PROFILE_TITLE, type ScreenEntry } from './screen-titles';
import { loadShell, loadSignInPage, loadSignUpPage, screenLoader } from './screen-modules';

// The employee profile with the payroll feature's part inside 'Información Laboral' (features
// never import each other: app/ composes them). The payroll code loads when that section opens.
const EmpleadoProfilePage = preloadable<{ renderPayroll: typeof renderEmpleadoPayroll }>(screenLoader(ROUTE.empleadoProfile));
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

// The own profile with the payroll feature's 'Nóminas' tab and the devices feature's 'Mis
// dispositivos' (features never import each other: app/ composes them).
const PerfilPage = preloadable<{ renderPayslips: typeof renderOwnPayslips; renderDevices: typeof renderOwnDevices }>(screenLoader(ROUTE.profile));
const PerfilNominas = lazy(() => import('../features/nominas/PerfilNominas').then((m) => ({ default: m.PerfilNominas })));

function renderOwnPayslips(user: UsuarioPublico): JSX.Element {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <PerfilNominas user={user} />
    </Suspense>
  );
}

// A person's devices (the devices feature) inside the own profile, an admin's user screen and
// 'Estado del sistema'; its code loads with the first of them drawn.
const devices = () => import('../features/dispositivos');
const MisDispositivos = lazy(() => devices().then((m) => ({ default: m.MisDispositivos })));
const PersonaDispositivos = lazy(() => devices().then((m) => ({ default: m.PersonaDispositivos })));

function renderOwnDevices(): JSX.Element {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <MisDispositivos />
    </Suspense>
  );
}

function renderUserDevices(user: UsuarioPublico): JSX.Element {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <PersonaDispositivos userId={user._id} nombre={fullName(user) || user.email} />
    </Suspense>
  );
}

function renderPersonDevices(persona: EstadoPersona, changed: (notice: string) => void): JSX.Element {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <PersonaDispositivos userId={persona.usuario.id} nombre={persona.usuario.nombre} devices={persona.dispositivos} onChanged={changed} />
    </Suspense>
  );
}

function PerfilScreen(): JSX.Element {
  return <PerfilPage renderPayslips={renderOwnPayslips} renderDevices={renderOwnDevices} />;
}

const DetalleUsuarioPage = preloadable<{ renderDevices: typeof renderUserDevices }>(screenLoader(ROUTE.userProfile));
function DetalleUsuarioScreen(): JSX.Element {
  return <DetalleUsuarioPage renderDevices={renderUserDevices} />;
}

const EstadoPage = preloadable<{ renderDevices: typeof renderPersonDevices }>(screenLoader(ROUTE.estado));
function EstadoScreen(): JSX.Element {
  return <EstadoPage renderDevices={renderPersonDevices} />;
}

/** Screens drawn with what other features add to them. */
const COMPOSED = new Map<ReturnType<typeof screenLoader>, ComponentType>([
  [screenLoader(ROUTE.profile), PerfilScreen],
  [screenLoader(ROUTE.empleadoProfile), EmpleadoProfileScreen],
  [screenLoader(ROUTE.userProfile), DetalleUsuarioScreen],
  [screenLoader(ROUTE.estado), EstadoScreen],
]);

function screenFor(pattern: RoutePattern): ComponentType {
  const load = screenLoader(pattern);
  return COMPOSED.get(load) ?? preloadable(load);
}


const Shell = preloadable(loadShell);
const SignInPage = preloadable(loadSignInPage);
const SignUpPage = preloadable(loadSignUpPage);

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${BRAND_NAME}`;
  }, [title]);
}

function Screen({ entry }: { entry: ScreenEntry }): JSX.Element {
  const { pathname } = useLocation();
  const params = useParams();
  const { user } = useSession();
  const said = useScreenTitleOf(pathname);
  useDocumentTitle(said ?? (isOthersProfile(pathname, user?.id) ? OTHERS_PROFILE_TITLE : entry.title));
  const Component = screenFor(entry.path);
  // The guard: the shell only draws for a session (RequireAuth), and a role the table refuses
  // goes where it says before the screen's code is fetched.
  if (user && !entry.allows(user, params)) return <Redirect to={entry.refusedTo} />;
  return (
    <Suspense fallback={<ScreenLoading />}>
      {/* Keyed by the address: another record on the same screen (the top bar's search goes from
          one captación's detail to another's) starts afresh instead of showing the last one's state. */}
      <Component key={pathname} />
    </Suspense>
  );
}

function PublicScreen({ title, children }: { title: string; children: JSX.Element }): JSX.Element {
  useDocumentTitle(title);
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
}

/**
 * False until the code fetched at start-up has arrived: the loading screen stays as plain
 * content meanwhile, because a Suspense fallback shown for it would hold the screen back for
 * React's reveal throttle (300 ms) after the code came.
 */
function useStartupCode(): boolean {
  const [ready, setReady] = useState(startupCodeSettled);
  useEffect(() => {
    if (ready) return;
    let live = true;
    // A transition: the first screen (shell and page) is React's longest render, and only a
    // transition's render yields to the browser every few milliseconds instead of holding a
    // phone's main thread for a third of a second.
    void startupCode().then(() => live && startTransition(() => setReady(true)));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

export function AppRoutes(): JSX.Element {
  const { status } = useSession();
  const { pathname } = useLocation();
  const codeReady = useStartupCode();
  if (status === 'unknown' || !codeReady) return <BootScreen protectedArea={!pathname.startsWith(`${AUTH}/`)} />;
  return (
    <Routes>
      <Route path={paths.signIn} element={<PublicScreen title={SCREEN_TITLE.signIn}><SignInPage /></PublicScreen>} />
      <Route path={paths.signUp} element={<PublicScreen title={SCREEN_TITLE.signUp}><SignUpPage /></PublicScreen>} />
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
        <Route index element={<Redirect to={paths.home} />} />
        {DASHBOARD_SCREENS.map((entry) => (
          <Route key={entry.path} path={entry.path} element={<Screen entry={entry} />} />
        ))}
        <Route path="*" element={<Redirect to={paths.home} />} />
      </Route>
      <Route path="*" element={<Redirect to={paths.home} />} />
    </Routes>
  );
}
