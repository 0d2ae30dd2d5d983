/**
 * Sidebar entries by role (spec 001 section 2.2): non-admins never see Dashboard, Usuarios or
 * Empleados and get Perfil first; Mi Nómina needs a linked employee on the stored user.
 * Sign-up, create and edit screens are never listed.
 */
import type { IconName } from '@blueprintjs/icons';
import { canCreateCaptacion, isAdmin, type SessionUser } from '../../../../couch-design/roles';

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
  dashboard: { slug: 'dashboard', label: 'Dashboard', to: '/dashboard/home', icon: 'dashboard', section: ['/dashboard/home'] },
  perfil: { slug: 'perfil', label: 'Perfil', to: '/dashboard/profile', icon: 'person', section: ['/dashboard/profile'] },
  usuarios: {
    slug: 'usuarios',
    label: 'Usuarios',
    to: '/dashboard/users',
    icon: 'people',
    section: ['/dashboard/users', '/dashboard/user-profile'],
  },
  empleados: {
    slug: 'empleados',
    label: 'Empleados',
    to: '/dashboard/empleados',
    icon: 'id-number',
    section: [
      '/dashboard/empleados',
      '/dashboard/empleado-profile',
      '/dashboard/empleado-documents',
      '/dashboard/empleado/nomina',
      '/dashboard/nomina',
    ],
  },
  miNomina: {
    slug: 'mi-nomina',
    label: 'Mi Nómina',
    to: '/dashboard/nominas/mi-nomina',
    icon: 'bank-account',
    section: ['/dashboard/nominas/mi-nomina'],
  },
  proyectos: {
    slug: 'proyectos',
    label: 'Proyectos',
    to: '/dashboard/captaciones',
    icon: 'projects',
    section: ['/dashboard/captaciones'],
    except: ['/dashboard/captaciones/nueva'],
  },
  nuevaCaptacion: {
    slug: 'nueva-captacion',
    label: 'Nueva Captación',
    to: '/dashboard/captaciones/nueva',
    icon: 'add',
    section: ['/dashboard/captaciones/nueva'],
  },
};

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The entry stays lit on the screens reached from it (detail, edit...), not only on its own path. */
export function isEntryActive(entry: NavEntry, pathname: string): boolean {
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
