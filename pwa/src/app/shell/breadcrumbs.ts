/** Breadcrumb of the top bar, derived from the path and the route table's titles (no React: the start-up frame draws it too). */
import { paths, ROUTE, type RoutePattern } from '../../lib/paths';
import { matchScreen } from '../match-screen';

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
const NOMINAS: Crumb = { text: 'Nóminas' };
const PROYECTOS: Crumb = { text: 'Proyectos', href: paths.captaciones };

const firstSegment = (pattern: string): string => pattern.split('/')[0];
const section = (crumb: Crumb, ...patterns: RoutePattern[]) => patterns.map((p) => [firstSegment(p), crumb] as const);

/** The list a screen belongs to, by the first segment of its route after /dashboard. */
const SECTIONS = new Map<string, Crumb>([
  ...section(USUARIOS, ROUTE.users, ROUTE.userProfile),
  ...section(EMPLEADOS, ROUTE.empleados, ROUTE.empleadoProfile, ROUTE.empleadoDocuments, ROUTE.newNominaAlt),
  ...section(NOMINAS, ROUTE.newNomina, ROUTE.miNomina),
  ...section(PROYECTOS, ROUTE.captaciones),
]);

export const HOME_CRUMB: Crumb = { text: 'Inicio', href: paths.home };

export function breadcrumbsFor(pathname: string, routes: TitledRoute[]): Crumb[] {
  const pattern = matchScreen(pathname);
  const route = routes.find((r) => r.path === pattern);
  if (!route || route.path === ROUTE.home) return [{ text: HOME_CRUMB.text }];
  const crumbs: Crumb[] = [HOME_CRUMB];
  const owner = SECTIONS.get(firstSegment(route.path));
  const isSectionItself = owner?.href === pathname;
  if (owner && !isSectionItself && owner.text !== route.title) crumbs.push(owner);
  crumbs.push({ text: route.title });
  return crumbs;
}
