/**
 * The one role matrix (docs/architecture.md section 6). Role text arrives free-form in `user.role`;
 * every comparison goes through `normalizeRole` so 'Administrador', 'ADMINISTRADOR' and
 * 'administrador' mean the same.
 */

export interface SessionUser {
  id: string;
  role: string;
  /** Employee linked to this account, from either direction of the link. */
  empleado_id?: string | null;
}

/** Roles offered by the user forms (specification 000, section 6). */
export const ASSIGNABLE_ROLES = ['user', 'administrator', 'administrador', 'supervisor de obra', 'ayudante de administrador'] as const;
export const DEFAULT_ROLE = 'user';

/**
 * Role texts seen so far, normalized: scope checks run per document (a 5,000-row list on a
 * throttled tablet, every row of a gateway's `_changes`), and a handful of roles exist.
 * Bounded so that odd role texts can never grow it.
 */
const normalizedRoles = new Map<string, string>();
const MAX_NORMALIZED_ROLES = 64;

export function normalizeRole(role: string | null | undefined): string {
  const text = role ?? '';
  let r = normalizedRoles.get(text);
  if (r === undefined) {
    r = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase();
    if (normalizedRoles.size >= MAX_NORMALIZED_ROLES) normalizedRoles.clear();
    normalizedRoles.set(text, r);
  }
  return r;
}

const ADMIN_EXACT = new Set(['admin', 'administrador', 'superadministrator']);

export function isAdmin(role: string | null | undefined): boolean {
  const r = normalizeRole(role);
  return r.includes('administrator') || ADMIN_EXACT.has(r);
}

/** The users list styles any role containing 'admin' as an admin badge and sorts it first. */
export function hasAdminBadge(role: string | null | undefined): boolean {
  return normalizeRole(role).includes('admin');
}

export function isSupervisor(role: string | null | undefined): boolean {
  return !isAdmin(role) && normalizeRole(role).includes('supervisor');
}

export const canManageUsers = isAdmin;
export const canManageEmployees = isAdmin;
export const canManagePayroll = isAdmin;
/** The dashboard's home (totals of the firm) is an admin's; everyone else starts at their profile. */
export const canViewDashboard = isAdmin;
/** 'Estado del sistema': the gateway, the store and every person's devices. */
export const canViewSystemStatus = isAdmin;
/** 'Cerrar sesión en todos los dispositivos' of a person (their devices wipe at their next contact). */
export const canCloseUserDevices = isAdmin;

/** Everyone edits their own personal data and photo, never their own role or employee link. */
export function canEditUser(actor: SessionUser, targetUserId: string): boolean {
  return isAdmin(actor.role) || actor.id === targetUserId;
}

/** A whole account (e-mail, role, link, photo, its employee) is for admins and its owner; anyone else signed in sees a name. */
export function canViewUser(actor: SessionUser, targetUserId: string): boolean {
  return isAdmin(actor.role) || actor.id === targetUserId;
}

export function canChangeRoleOrLink(actor: SessionUser): boolean {
  return isAdmin(actor.role);
}

export function canViewEmployeeProfile(actor: SessionUser, empleadoId: string): boolean {
  return isAdmin(actor.role) || (!!actor.empleado_id && actor.empleado_id === empleadoId);
}

const FIELD_AGENT_ROLES = new Set(['user', 'asesor']);

export function canCreateCaptacion(role: string | null | undefined): boolean {
  return isAdmin(role) || FIELD_AGENT_ROLES.has(normalizeRole(role));
}
export const canEditCaptacion = canCreateCaptacion;
export const canDeleteCaptacion = isAdmin;

/** Only admins reassign `captacion.asesor`; everyone else keeps the creator. */
export const canReassignCaptacion = isAdmin;
/** Deleted stays deleted: only admins bring a deleted captación back (docs/architecture.md section 6). */
export const canRestoreCaptacion = isAdmin;

export function hasOwnPayslips(actor: SessionUser): boolean {
  return !!actor.empleado_id;
}

/**
 * How a role reads on screen (spec 000 section 6: first letter capitalised, the rest lower-case,
 * default 'Usuario'), always in Spanish whatever language it is stored in: 'user' -> 'Usuario',
 * 'administrator' -> 'Administrador', 'supervisor de obra' -> 'Supervisor de obra'.
 */
export function roleLabel(role: string | null | undefined): string {
  const r = (role ?? '').trim();
  if (!r) return 'Usuario';
  const spanish = SPANISH_ROLE_LABELS[normalizeRole(r)];
  if (spanish) return spanish;
  return r.charAt(0).toUpperCase() + r.slice(1).toLowerCase();
}

const SPANISH_ROLE_LABELS: Record<string, string> = {
  user: 'Usuario',
  usuario: 'Usuario',
  admin: 'Administrador',
  administrator: 'Administrador',
  administrador: 'Administrador',
  superadministrator: 'Superadministrador',
  superadministrador: 'Superadministrador',
  supervisor: 'Supervisor',
  asesor: 'Asesor',
};

/**
 * The role selector of the user forms: the assignable roles of section 6 with Spanish labels that
 * tell the two administrator roles apart ('administrator' full access, 'administrador' system).
 */
export const ROLE_OPTIONS: ReadonlyArray<{ value: (typeof ASSIGNABLE_ROLES)[number]; label: string }> = [
  { value: 'user', label: 'Usuario' },
  { value: 'administrator', label: 'Administrador (acceso total)' },
  { value: 'administrador', label: 'Administrador del sistema' },
  { value: 'supervisor de obra', label: 'Supervisor de obra' },
  { value: 'ayudante de administrador', label: 'Ayudante de administrador' },
];

/** The assignable role a text names ('Administrador ' -> 'administrador'), or null when none. */
export function assignableRole(role: string | null | undefined): (typeof ASSIGNABLE_ROLES)[number] | null {
  const r = normalizeRole(role);
  return ASSIGNABLE_ROLES.find((a) => normalizeRole(a) === r) ?? null;
}
