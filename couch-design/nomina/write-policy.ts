/**
 * The one write policy of payroll (docs/architecture.md section 6), for every write path: REST (`source: 'api'`)
 * creates, edits and deletes through it; a device's revision (`source: 'device'`, `/db/nominas`)
 * is refused for everyone, admins included, since payslips are issued by an admin through REST.
 *
 * - Only admins write. A person who cannot read the payslip is told it does not exist, never that
 *   it is forbidden, so ids tell nothing about other people's payslips.
 * - The body goes through the shared schema (ISO date, cleaned texts, unknown fields dropped).
 * - `empleadoId` names an existing employee (the caller looks it up: `NominaFacts.empleados`);
 *   `empleado`, the name, is taken from that record whatever the client sent.
 * - The employee of a payslip never changes: the old employee's devices would keep a stale copy,
 *   since their feed only carries their own `empleadoId`.
 * - A deletion keeps `type` and `empleadoId`, so the owner's device, whose feed is filtered by
 *   them, learns of it. A body without `url` keeps the stored link; an empty one removes it.
 */
import { isLive, type Dict } from '../helpers/values';
import { canManagePayroll } from '../roles';
import { inNominasScope } from '../scope';
import { refusal, refusingUnforeseen, type EntityWrite, type WriteDecision, type WriteFacts, type WritePolicy, type WriteState, type WriteSource, type WriteUser } from '../write-policy';
import { validateNomina } from './schema';

export const NOMINA_WRITE_MSG = {
  notFound: 'No se encontró la nómina.',
  empleadoNotFound: 'No se encontró el empleado.',
  soloAdmin: 'Solo un administrador puede registrar, modificar o eliminar nóminas.',
  sincronizacion: 'Las nóminas solo las registra un administrador desde la sección de nóminas.',
  cambioEmpleado: 'No se puede cambiar el empleado de una nómina: elimínela y regístrela para el otro empleado.',
  invalid: 'La nómina no es válida.',
} as const;

/** The facts a payroll decision reads: the names of the employees the writes name (an id absent names no employee). */
export type NominaFacts = WriteFacts;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);

/** The employee a write is for: the stored one when editing, else the one the body names. */
export function nominaEmpleadosNamed(doc: Dict, state?: WriteState): string[] {
  const current = isLive(state?.winner ?? null) ? state!.winner : null;
  const id = text(current?.empleadoId) ?? text(doc.empleadoId);
  return id ? [id] : [];
}

function decide({ doc: sent, source }: EntityWrite, { winner }: WriteState, user: WriteUser, facts: NominaFacts): WriteDecision {
  if (source === 'device') return refusal(403, NOMINA_WRITE_MSG.sincronizacion);
  const current = isLive(winner) && winner.type === 'nomina' ? winner : null;
  if (current && !(canManagePayroll(user.role) || inNominasScope(user, current))) return refusal(404, NOMINA_WRITE_MSG.notFound);
  if (!canManagePayroll(user.role)) return refusal(403, NOMINA_WRITE_MSG.soloAdmin);
  const rev = typeof sent._rev === 'string' ? sent._rev : typeof current?._rev === 'string' ? current._rev : undefined;

  if (sent._deleted === true) {
    if (!current) return refusal(404, NOMINA_WRITE_MSG.notFound);
    return { ok: true, doc: { _id: sent._id, _rev: rev, _deleted: true, type: 'nomina', empleadoId: current.empleadoId } };
  }

  const checked = validateNomina(sent);
  if (!checked.ok) return refusal(400, checked.issues[0]?.msg ?? NOMINA_WRITE_MSG.invalid, checked.issues);
  const fields = checked.value;
  if (current && fields.empleadoId !== undefined && fields.empleadoId !== current.empleadoId) {
    return refusal(400, NOMINA_WRITE_MSG.cambioEmpleado, [{ param: 'empleadoId', msg: NOMINA_WRITE_MSG.cambioEmpleado }]);
  }
  const empleadoId = text(current?.empleadoId) ?? fields.empleadoId;
  const nombre = empleadoId ? facts.empleados?.get(empleadoId) : undefined;
  if (!empleadoId || nombre === undefined) return refusal(404, NOMINA_WRITE_MSG.empleadoNotFound);

  const url = Object.hasOwn(sent, 'url') ? fields.url : text(current?.url);
  const doc: Dict = {
    _id: sent._id,
    ...(rev ? { _rev: rev } : {}),
    type: 'nomina',
    empleadoId,
    empleado: nombre || text(current?.empleado) || '',
    conceptoDePago: fields.conceptoDePago,
    salario: fields.salario,
    fecha: fields.fecha,
    ...(url ? { url } : {}),
  };
  return { ok: true, doc };
}

export const decideNominaWrite = refusingUnforeseen(decide, NOMINA_WRITE_MSG.invalid);

/** The one payroll policy: REST decides every write through it; devices are refused before anything is read. */
export const nominaWritePolicy = {
  refusesUnread: (source: WriteSource) => (source === 'device' ? NOMINA_WRITE_MSG.sincronizacion : undefined),
  empleadosNamed: nominaEmpleadosNamed,
  decide: decideNominaWrite,
} satisfies WritePolicy;
