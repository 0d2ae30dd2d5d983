/**
 * The one write policy of payroll (DESIGN section 6), a pure decision used by every write path:
 * REST creates, edits and deletes through it, and replication pushes (`/db/nominas`) are refused
 * by it for everyone, admins included, since payslips are issued by an admin through REST only.
 *
 * - Only admins write. A person who cannot read the payslip gets "not found", never "forbidden",
 *   so ids tell nothing about other people's payslips.
 * - The body goes through the shared schema (ISO date, cleaned texts, unknown fields dropped).
 * - `empleadoId` names an existing employee, read by the caller; `empleado` (the name) is taken
 *   from that record, whatever the client sent.
 * - The employee of a payslip never changes: the devices of the old employee would keep a stale
 *   copy, since their feed only carries their own `empleadoId`.
 * - A deletion keeps `type` and `empleadoId`, so the owner's device, whose feed is filtered by
 *   them, learns of it.
 */
import { validateNomina, type Nomina, type ValidationIssue } from '../../../couch-design/nomina';
import { canManagePayroll, type SessionUser } from '../../../couch-design/roles';
import { inNominasScope } from '../../../couch-design/scope';
import { fullName } from '../../../couch-design/usuario';
import { isValidId } from '../http/ids';
import type { StoreDoc } from '../store/port';
import { MSG } from './messages';

export type NominaWriteVia = 'rest' | 'replication';

/** The name parts of the employee a payslip names. */
export interface EmpleadoNombre {
  _id: string;
  prim_nom?: string;
  segun_nom?: string;
  apell_pa?: string;
  apell_ma?: string;
}

export interface NominaWrite {
  via: NominaWriteVia;
  actor: SessionUser;
  /** The payslip's id (new or existing). */
  id: string;
  /** The stored payslip, null when the write creates one. */
  current: Nomina | null;
  /** The client's fields (ignored when deleting). */
  body: unknown;
  deleted?: boolean;
  /** The employee the payslip names, as the caller read it (null: no such employee). */
  empleado: EmpleadoNombre | null;
}

export type NominaDecision =
  | { ok: true; doc: StoreDoc }
  | { ok: false; status: 400 | 403 | 404; reason: string; errors?: ValidationIssue[] };

const refuse = (status: 400 | 403 | 404, reason: string, errors?: ValidationIssue[]): NominaDecision => ({
  ok: false,
  status,
  reason,
  ...(errors ? { errors } : {}),
});

const canRead = (actor: SessionUser, doc: Nomina): boolean => canManagePayroll(actor.role) || inNominasScope(actor, doc);

/** The employee a write is for: the stored one when editing, else the one the body names. */
export function targetEmpleadoId(current: Nomina | null, body: unknown): string | undefined {
  if (current) return current.empleadoId;
  const asked = typeof body === 'object' && body !== null ? (body as { empleadoId?: unknown }).empleadoId : undefined;
  return typeof asked === 'string' ? asked.trim() : undefined;
}

export function decideNomina(w: NominaWrite): NominaDecision {
  if (w.via === 'replication') return refuse(403, MSG.sincronizacion);
  if (!isValidId(w.id)) return refuse(400, MSG.badId);
  if (w.current && !canRead(w.actor, w.current)) return refuse(404, MSG.notFound);
  if (!canManagePayroll(w.actor.role)) return refuse(403, MSG.soloAdmin);

  if (w.deleted) {
    if (!w.current) return refuse(404, MSG.notFound);
    return { ok: true, doc: { _id: w.id, _rev: w.current._rev, _deleted: true, type: 'nomina', empleadoId: w.current.empleadoId } };
  }

  const checked = validateNomina(w.body);
  if (!checked.ok) return refuse(400, checked.issues[0]?.msg ?? MSG.invalid, checked.issues);
  const fields = checked.value;
  if (w.current && fields.empleadoId !== undefined && fields.empleadoId !== w.current.empleadoId) {
    return refuse(400, MSG.cambioEmpleado, [{ param: 'empleadoId', msg: MSG.cambioEmpleado }]);
  }
  const empleadoId = w.current?.empleadoId ?? fields.empleadoId;
  if (!empleadoId || !isValidId(empleadoId)) return refuse(400, MSG.badEmpleadoId, [{ param: 'empleadoId', msg: MSG.badEmpleadoId }]);
  if (!w.empleado || w.empleado._id !== empleadoId) return refuse(404, MSG.empleadoNotFound);

  // A body without `url` keeps the stored link; an empty one removes it.
  const sentUrl = typeof w.body === 'object' && w.body !== null && Object.hasOwn(w.body, 'url');
  const url = sentUrl ? fields.url : w.current?.url;
  const doc: StoreDoc = {
    _id: w.id,
    ...(w.current?._rev ? { _rev: w.current._rev } : {}),
    type: 'nomina',
    empleadoId,
    empleado: fullName(w.empleado) || w.current?.empleado || '',
    conceptoDePago: fields.conceptoDePago,
    salario: fields.salario,
    fecha: fields.fecha,
    ...(url ? { url } : {}),
  };
  return { ok: true, doc };
}
