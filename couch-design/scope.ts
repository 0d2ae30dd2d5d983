/**
 * What each person may read of the replicated databases (docs/architecture.md sections 4 and 6), as pure
 * functions shared by the REST endpoints, the replication endpoint and the PWA.
 *
 * A selector and its predicate always say the same thing: the gateway filters `_changes` with the
 * selector and re-checks every row, every `_bulk_get` answer and every GET with the predicate.
 */
import { isSupervisor, type SessionUser } from './roles';

export type MangoSelector = Record<string, unknown>;

/** Who the scope is computed for: the session user (role and employee link resolved both ways). */
export type ScopeUser = Pick<SessionUser, 'id' | 'role' | 'empleado_id'>;

/** How much of `captaciones` a role reads: everything, or only the captaciones it advises. */
export type CaptacionesScopeKind = 'todas' | 'propias';

export function captacionesScopeKind(user: ScopeUser): CaptacionesScopeKind {
  return isSupervisor(user.role) ? 'propias' : 'todas';
}

/**
 * The adviser a captaciones list is narrowed to: a person who reads only their own captaciones
 * gets their own, whatever adviser they asked for; anyone else gets what they asked (or all).
 */
export function listedAdviser(user: ScopeUser, asked: string | undefined): string | undefined {
  return captacionesScopeKind(user) === 'propias' ? user.id : asked;
}

/**
 * Whether reassigning a record to someone else takes it out of this person's scope (a supervisor
 * reads only what they advise): only then does a reassignment need a new replication identity.
 */
export function scopeFollowsAdviser(user: ScopeUser): boolean {
  return captacionesScopeKind(user) === 'propias';
}

export function captacionesSelector(user: ScopeUser): MangoSelector {
  return captacionesScopeKind(user) === 'propias'
    ? { type: 'captacion', 'captacion.asesor': user.id }
    : { type: 'captacion' };
}

/** Own payslips only, admins included; `null` when no employee is linked: then nothing at all. */
export function nominasSelector(user: ScopeUser): MangoSelector | null {
  return user.empleado_id ? { type: 'nomina', empleadoId: user.empleado_id } : null;
}

type Loose = { type?: unknown; captacion?: unknown; empleadoId?: unknown } | null | undefined;

/** Whether this person reads the captaciones that `asesor` advises: a supervisor, only their own. */
export function canSeeCaptacion(user: ScopeUser, asesor: unknown): boolean {
  return captacionesScopeKind(user) === 'todas' || (typeof asesor === 'string' && asesor === user.id);
}

export function inCaptacionesScope(user: ScopeUser, doc: Loose): boolean {
  if (!doc || doc.type !== 'captacion') return false;
  return canSeeCaptacion(user, typeof doc.captacion === 'object' && doc.captacion !== null ? (doc.captacion as { asesor?: unknown }).asesor : undefined);
}

export function inNominasScope(user: ScopeUser, doc: Loose): boolean {
  return !!user.empleado_id && !!doc && doc.type === 'nomina' && doc.empleadoId === user.empleado_id;
}

/**
 * A short string that changes whenever what this person may read changes: the kind of captaciones
 * scope (a role change), the user, the linked employee (a link change) and `scopeEpoch`, the
 * counter on the user document that the gateway bumps when a captación is reassigned away from
 * them. PouchDB derives its replication id (and so its checkpoint) from the server uuid built on
 * this, so an old checkpoint can never hide documents that entered or left the scope.
 */
export function scopeFingerprint(user: ScopeUser, scopeEpoch: number | null | undefined): string {
  const epoch = Number.isFinite(scopeEpoch) ? Number(scopeEpoch) : 0;
  const nominas = user.empleado_id ? 'nomina' : 'sin-nomina';
  const kind = captacionesScopeKind(user);
  const material = [kind, user.id, user.empleado_id ?? '', epoch].join('\u0000');
  return `${kind}-${nominas}-${hash64(material)}`;
}

/**
 * Two independent 32-bit FNV-1a passes (different offset bases), base-36: not cryptographic, only
 * a stable, well-spread identity that runs unchanged in Node and in the browser.
 */
function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(36).padStart(7, '0') + (b >>> 0).toString(36).padStart(7, '0');
}
