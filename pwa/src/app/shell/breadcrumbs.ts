/** Breadcrumb of the top bar, derived from the path and the route table's titles. */
import { matchPath } from 'react-router-dom';

export interface Crumb {
  text: string;
  href?: string;
}

export interface TitledRoute {
  path: string;
  title: string;
}

/** The list a screen belongs to, by the first segment after /dashboard. */
const SECTIONS: Record<string, Crumb> = {
  users: { text: 'Usuarios', href: '/dashboard/users' },
  'user-profile': { text: 'Usuarios', href: '/dashboard/users' },
  empleados: { text: 'Empleados', href: '/dashboard/empleados' },
  'empleado-profile': { text: 'Empleados', href: '/dashboard/empleados' },
  'empleado-documents': { text: 'Empleados', href: '/dashboard/empleados' },
  empleado: { text: 'Empleados', href: '/dashboard/empleados' },
  nomina: { text: 'Nóminas' },
  nominas: { text: 'Nóminas' },
  captaciones: { text: 'Proyectos', href: '/dashboard/captaciones' },
};

export const HOME_CRUMB: Crumb = { text: 'Inicio', href: '/dashboard/home' };

export function breadcrumbsFor(pathname: string, routes: TitledRoute[]): Crumb[] {
  const rest = pathname.replace(/^\/dashboard\/?/, '').replace(/\/+$/, '');
  const route = routes.find((r) => matchPath({ path: `/dashboard/${r.path}`, end: true }, pathname));
  if (!route || route.path === 'home') return [{ text: HOME_CRUMB.text }];
  const crumbs: Crumb[] = [HOME_CRUMB];
  const section = SECTIONS[rest.split('/')[0]];
  const isSectionItself = section?.href === pathname;
  if (section && !isSectionItself && section.text !== route.title) crumbs.push(section);
  crumbs.push({ text: route.title });
  return crumbs;
}
