/**
 * The plans of the changes that span users and employees (see transaction.ts). The link is one
 * user to one employee, stored on both sides (`usuario.empleado_id`, `empleado.userId`); older
 * data may hold it on one side only, and both count. After every prefix of a plan's steps:
 * - a user's `empleado_id` names an existing employee whose `userId` is empty or that user;
 * - an employee's `userId` names an existing user whose `empleado_id` is empty or that employee.
 * So old pointers are cleared first, then the new link is written on both sides.
 *
 * A link is never taken from someone else silently (issue 18 item 5): every plan that links
 * checks, on the documents it holds, that the side picked from a list is free, or that the
 * request confirmed the move (`reasignar_vinculo`); otherwise 409 naming who would lose it.
 * Editing an employee to another user also asks when an account has that employee now (issue 33):
 * the account, not only the employee, would lose the link.
 */
import { isAdmin } from '../../../couch-design/roles';
import type { Empleado } from '../../../couch-design/empleado';
import type { Usuario } from '../../../couch-design/usuario';
import { HttpError } from '../http/errors';
import { PERSONAS_MSG } from './messages';
import { empleadoRef, usuarioRef, type PersonDoc, type Plan, type Reader, type Ref, type Step } from './transaction';
import { empleadoVinculo, usuarioVinculo } from './vinculos';

const setUserId = (userId: string | null) => (doc: PersonDoc): PersonDoc => ({ ...(doc as Empleado), userId });
const setEmpleadoId = (empleadoId: string | null) => (doc: PersonDoc): PersonDoc => ({ ...(doc as Usuario), empleado_id: empleadoId });
const remove = (): 'delete' => 'delete';

export const emptyPlan = (): Plan => ({ lock: [], steps: [], affectedUsers: [] });

export function joinPlans(...plans: Plan[]): Plan {
  return {
    lock: plans.flatMap((p) => p.lock),
    steps: plans.flatMap((p) => p.steps),
    affectedUsers: plans.flatMap((p) => p.affectedUsers),
  };
}

/**
 * Which side a request edits, and whether it confirmed taking the other side from someone else.
 * The other side is the one picked from a list: its link belongs to another person. The edited
 * side's own old link is what the admin sees on the form and means to change.
 */
export interface LinkConsent {
  from: 'usuario' | 'empleado';
  reasignar: boolean;
  /**
   * The edited side's link as the form showed it (`vinculo_actual`: an id, or null for none);
   * undefined when the request did not say. Replacing any other link is refused: it was made
   * meanwhile by someone else, and the admin never saw it.
   */
  expected?: string | null;
}

/** 409 when the edited side is linked now to someone the form did not show (`linked`: its current links). */
function refuseUnseen<T extends { _id: string }>(linked: T[], expected: string | null | undefined, refusal: (other: T) => HttpError): void {
  if (expected === undefined) return;
  const unseen = linked.find((x) => x._id !== (expected || null));
  if (unseen) throw refusal(unseen);
}

const unseenUsuario = (u: Usuario): HttpError => {
  const vinculo = usuarioVinculo(u);
  return new HttpError(409, PERSONAS_MSG.empleadoCambioDeVinculo(vinculo.nombre), { vinculado_con: vinculo });
};

const unseenEmpleado = (e: Empleado): HttpError => {
  const vinculo = empleadoVinculo(e);
  return new HttpError(409, PERSONAS_MSG.usuarioCambioDeVinculo(vinculo.nombre), { vinculado_con: vinculo });
};

/** 409 when employee `e` is linked to another user (`others`: its users but the one linking). */
function refuseTakingEmpleado(others: Usuario[]): void {
  if (!others[0]) return;
  const vinculo = usuarioVinculo(others[0]);
  throw new HttpError(409, PERSONAS_MSG.empleadoVinculadoConOtro(vinculo.nombre), { vinculado_con: vinculo });
}

/** 409 when employee `e`, edited to another user, would take its link from the account that has it (`others`). */
function refuseReplacingUsuario(others: Usuario[]): void {
  if (!others[0]) return;
  const vinculo = usuarioVinculo(others[0]);
  throw new HttpError(409, PERSONAS_MSG.usuarioPierdeEmpleado(vinculo.nombre), { vinculado_con: vinculo });
}

/** 409 when user `u` is linked to another employee (`others`: its employees but the one linking). */
function refuseTakingUsuario(others: Empleado[]): void {
  if (!others[0]) return;
  const vinculo = empleadoVinculo(others[0]);
  throw new HttpError(409, PERSONAS_MSG.usuarioVinculadoConOtro(vinculo.nombre), { vinculado_con: vinculo });
}

/**
 * The same refusal before a person is created to be linked at once (a new user picking an
 * employee, a new employee picking a user), so nothing is created in vain. The link's own plan
 * checks again under its marks.
 */
export async function assertPickable(read: Reader, picked: { empleado: Empleado } | { usuario: Usuario }, reasignar: boolean): Promise<void> {
  if (reasignar) return;
  if ('empleado' in picked) refuseTakingEmpleado(await read.usuariosDe(picked.empleado));
  else refuseTakingUsuario(await read.empleadosDe(picked.usuario));
}

/** Leaves user `u` linked to employee `e`, or to no employee when `e` is null. */
export async function linkPlan(read: Reader, u: Usuario, e: Empleado | null, consent: LinkConsent): Promise<Plan> {
  const oldEmpleados = await read.empleadosDe(u);
  const oldUsuarios = e ? await read.usuariosDe(e) : [];
  if (consent.from === 'usuario') refuseUnseen(oldEmpleados, consent.expected, unseenEmpleado);
  else refuseUnseen(oldUsuarios, consent.expected, unseenUsuario);
  if (e && !consent.reasignar) {
    if (consent.from === 'usuario') refuseTakingEmpleado(oldUsuarios.filter((x) => x._id !== u._id));
    else {
      refuseTakingUsuario(oldEmpleados.filter((x) => x._id !== e._id));
      // The account that has this employee now would lose it (and its payslips): as on the other
      // three linking screens, that is confirmed, never done in passing.
      refuseReplacingUsuario(oldUsuarios.filter((x) => x._id !== u._id));
    }
  }
  const steps: Step[] = [];
  for (const other of oldEmpleados) {
    if (other._id !== e?._id && other.userId === u._id) steps.push({ ref: empleadoRef(other._id), change: setUserId(null) });
  }
  for (const other of oldUsuarios) {
    if (other._id !== u._id && other.empleado_id === e!._id) steps.push({ ref: usuarioRef(other._id), change: setEmpleadoId(null) });
  }
  if (e && e.userId && e.userId !== u._id) steps.push({ ref: empleadoRef(e._id), change: setUserId(null) });
  if ((u.empleado_id || null) !== (e?._id ?? null)) steps.push({ ref: usuarioRef(u._id), change: setEmpleadoId(e?._id ?? null) });
  if (e && e.userId !== u._id) steps.push({ ref: empleadoRef(e._id), change: setUserId(u._id) });
  return {
    lock: [usuarioRef(u._id), ...(e ? [empleadoRef(e._id)] : []), ...oldEmpleados.map((x) => empleadoRef(x._id)), ...oldUsuarios.map((x) => usuarioRef(x._id))],
    steps,
    affectedUsers: steps.length ? [u._id, ...oldUsuarios.map((x) => x._id)] : [],
  };
}

/** Leaves employee `e` linked to no user; `expected` as in LinkConsent. */
export async function unlinkEmpleadoPlan(read: Reader, e: Empleado, expected?: string | null): Promise<Plan> {
  const users = await read.usuariosDe(e);
  refuseUnseen(users, expected, unseenUsuario);
  const steps: Step[] = users.filter((u) => u.empleado_id === e._id).map((u) => ({ ref: usuarioRef(u._id), change: setEmpleadoId(null) }));
  if (e.userId) steps.push({ ref: empleadoRef(e._id), change: setUserId(null) });
  return { lock: [empleadoRef(e._id), ...users.map((u) => usuarioRef(u._id))], steps, affectedUsers: steps.length ? users.map((u) => u._id) : [] };
}

/**
 * When `u` is an admin about to stop being one: holds another admin for the length of the change,
 * so two admins removing each other at once cannot both succeed. 409 when there is none.
 */
export async function keepAnAdminPlan(read: Reader, u: Usuario, message: string): Promise<Plan> {
  if (!isAdmin(u.role)) return emptyPlan();
  for (const id of await read.adminIds()) {
    if (id === u._id) continue;
    const other = await read.usuario(id);
    if (other && isAdmin(other.role)) return { lock: [usuarioRef(id)], steps: [], affectedUsers: [] };
  }
  throw new HttpError(409, message);
}

/** Deletes user `u`: unlinks their employee first, never the last admin. */
export async function deleteUsuarioPlan(read: Reader, u: Usuario): Promise<Plan> {
  const guard = await keepAnAdminPlan(read, u, PERSONAS_MSG.ultimoAdminEliminar);
  const empleados = await read.empleadosDe(u);
  const steps: Step[] = empleados.filter((e) => e.userId === u._id).map((e) => ({ ref: empleadoRef(e._id), change: setUserId(null) }));
  steps.push({ ref: usuarioRef(u._id), change: remove });
  const lock: Ref[] = [usuarioRef(u._id), ...empleados.map((e) => empleadoRef(e._id))];
  return joinPlans(guard, { lock, steps, affectedUsers: [u._id] });
}

/** Deletes employee `e`: unlinks their user first. */
export async function deleteEmpleadoPlan(read: Reader, e: Empleado): Promise<Plan> {
  const users = await read.usuariosDe(e);
  const steps: Step[] = users.filter((u) => u.empleado_id === e._id).map((u) => ({ ref: usuarioRef(u._id), change: setEmpleadoId(null) }));
  steps.push({ ref: empleadoRef(e._id), change: remove });
  return { lock: [empleadoRef(e._id), ...users.map((u) => usuarioRef(u._id))], steps, affectedUsers: users.map((u) => u._id) };
}

/** A plain change of one document's own fields, made under its mark like every other change. */
export function editPlan(ref: Ref, change: (doc: PersonDoc) => PersonDoc): Plan {
  return { lock: [ref], steps: [{ ref, change }], affectedUsers: [] };
}
