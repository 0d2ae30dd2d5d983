/**
 * Sidebar entries by role (spec 001 section 2.2): non-admins never see Dashboard, Usuarios or
 * Empleados and get Perfil first; Mi Nómina needs a linked employee on the stored user.
 * Sign-up, create and edit screens are never listed.
 */
import type { IconName } from '@blueprintjs/icons';
import { canCreateCaptacion, isAdmin, type SessionUser } from '../../../../couch-design/roles';
import { paths, ROUTE, staticPrefix } from '../../lib/paths';

export interface NavEntry {
  slug: string;
  label: string;
  to: string;
  icon: IconName;
  /** Path prefixes of the screens that belong to this entry (it lights up on them). */
  section: string[];
  /** Prefixes inside `section` owned by another entry. */
  except?: string[];
}

const ENTRIES: Record<string, NavEntry> = {
  dashboard: { slug: 'dashboard', label: 'Dashboard', to: paths.home, icon: 'dashboard', section: [paths.home] },
  perfil: { slug: 'perfil', label: 'Perfil', to: paths.profile, icon: 'person', section: [paths.profile] },
  usuarios: {
    slug: 'usuarios',
    label: 'Usuarios',
    to: paths.users,
    icon: 'people',
    section: [paths.users, staticPrefix(ROUTE.userProfile)],
  },
  empleados: {
    slug: 'empleados',
    label: 'Empleados',
    to: paths.empleados,
    icon: 'id-number',
    section: [
      paths.empleados,
      staticPrefix(ROUTE.empleadoProfile),
      staticPrefix(ROUTE.empleadoDocuments),
      staticPrefix(ROUTE.newNominaAlt),
      staticPrefix(ROUTE.newNomina),
      staticPrefix(ROUTE.editNomina),
    ],
  },
  miNomina: {
    slug: 'mi-nomina',
    label: 'Mi Nómina',
    to: paths.miNomina,
    icon: 'bank-account',
    section: [paths.miNomina],
  },
  proyectos: {
    slug: 'proyectos',
    label: 'Proyectos',
    to: paths.captaciones,
    icon: 'projects',
    section: [paths.captaciones],
    except: [paths.nuevaCaptacion],
  },
  nuevaCaptacion: {
    slug: 'nueva-captacion',
    label: 'Nueva Captación',
    to: paths.nuevaCaptacion,
    icon: 'add',
    section: [paths.nuevaCaptacion],
  },
};

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * /dashboard/profile/{id} of someone other than `userId`: an admin came from Usuarios, so it is
 * neither 'Perfil' (their own) nor titled 'Mi Perfil' (issue 20 item 5).
 */
export function isOthersProfile(pathname: string, userId: string | null | undefined): boolean {
  const prefix = `${paths.profile}/`;
  if (!pathname.startsWith(prefix)) return false;
  const id = decodeURIComponent(pathname.slice(prefix.length).replace(/\/$/, ''));
  return id !== '' && id !== userId;
}

/** The entry stays lit on the screens reached from it (detail, edit...), not only on its own path. */
export function isEntryActive(entry: NavEntry, pathname: string, userId?: string | null): boolean {
  if (isOthersProfile(pathname, userId)) return entry.slug === ENTRIES.usuarios.slug;
  if (entry.except?.some((p) => within(pathname, p))) return false;
  return entry.section.some((p) => within(pathname, p));
}

export function navEntriesFor(user: SessionUser | null): NavEntry[] {
  if (!user) return [];
  const admin = isAdmin(user.role);
  const entries: NavEntry[] = admin
    ? [ENTRIES.dashboard, ENTRIES.perfil, ENTRIES.usuarios, ENTRIES.empleados]
    : [ENTRIES.perfil];
  if (user.empleado_id) entries.push(ENTRIES.miNomina);
  entries.push(ENTRIES.proyectos);
  if (canCreateCaptacion(user.role)) entries.push(ENTRIES.nuevaCaptacion);
  return entries;
}
