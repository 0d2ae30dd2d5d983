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
  /** Only the exact path counts as active (a parent path must not light up on its children). */
  end?: boolean;
}

const ENTRIES: Record<string, NavEntry> = {
  dashboard: { slug: 'dashboard', label: 'Dashboard', to: '/dashboard/home', icon: 'dashboard' },
  perfil: { slug: 'perfil', label: 'Perfil', to: '/dashboard/profile', icon: 'person' },
  usuarios: { slug: 'usuarios', label: 'Usuarios', to: '/dashboard/users', icon: 'people' },
  empleados: { slug: 'empleados', label: 'Empleados', to: '/dashboard/empleados', icon: 'id-number' },
  miNomina: { slug: 'mi-nomina', label: 'Mi Nómina', to: '/dashboard/nominas/mi-nomina', icon: 'bank-account' },
  proyectos: { slug: 'proyectos', label: 'Proyectos', to: '/dashboard/captaciones', icon: 'projects', end: true },
  nuevaCaptacion: { slug: 'nueva-captacion', label: 'Nueva Captación', to: '/dashboard/captaciones/nueva', icon: 'add' },
};

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
