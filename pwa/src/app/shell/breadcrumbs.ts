/** Breadcrumb of the top bar, derived from the path and the route table's titles (no React: the start-up frame draws it too). */
import { paths, ROUTE, type RoutePattern } from '../../lib/paths';
import { SCREEN_TITLE } from '../../lib/titles';
import { matchScreen } from '../match-screen';
import { OTHERS_PROFILE_TITLE } from '../screen-titles';
import { isOthersProfile } from './nav-entries';

export interface Crumb {
  text: string;
  href?: string;
}

export interface TitledRoute {
  path: string;
  title: string;
}

const USUARIOS: Crumb = { text: 'Usuarios', href: paths.users };
const EMPLEADOS: Crumb = { text: 'Empleados', href: paths.empleados };
const PROYECTOS: Crumb = { text: 'Proyectos', href: paths.captaciones };

const firstSegment = (pattern: string): string => pattern.split('/')[0];
const section = (crumb: Crumb, ...patterns: RoutePattern[]) => patterns.map((p) => [firstSegment(p), crumb] as const);

/** The list a screen belongs to, by the first segment of its route after /dashboard. */
const SECTIONS = new Map<string, Crumb>([
  ...section(USUARIOS, ROUTE.users, ROUTE.userProfile),
  // A payslip is created and edited from an employee's profile: the trail names the menu entry
  // lit there (Empleados); 'Mi Nómina' is its own entry (issue 20 item 5).
  ...section(EMPLEADOS, ROUTE.empleados, ROUTE.empleadoProfile, ROUTE.empleadoDocuments, ROUTE.newNominaAlt, ROUTE.newNomina, ROUTE.editNomina),
  ...section(PROYECTOS, ROUTE.captaciones),
]);

export const HOME_CRUMB: Crumb = { text: SCREEN_TITLE.home, href: paths.home };

export interface CrumbContext {
  /** The signed-in person: their own profile is 'Mi Perfil', anyone else's is not. */
  userId?: string | null;
  /** The title the screen gave itself (screen-title.ts), in place of the route's. */
  title?: string | null;
}

export function breadcrumbsFor(pathname: string, routes: TitledRoute[], context: CrumbContext = {}): Crumb[] {
  const pattern = matchScreen(pathname);
  const route = routes.find((r) => r.path === pattern);
  if (!route || route.path === ROUTE.home) return [{ text: HOME_CRUMB.text }];
  if (isOthersProfile(pathname, context.userId)) return [HOME_CRUMB, USUARIOS, { text: context.title || OTHERS_PROFILE_TITLE }];
  const crumbs: Crumb[] = [HOME_CRUMB];
  const owner = SECTIONS.get(firstSegment(route.path));
  const isSectionItself = owner?.href === pathname;
  if (owner && !isSectionItself && owner.text !== route.title) crumbs.push(owner);
  crumbs.push({ text: context.title || route.title });
  return crumbs;
}
