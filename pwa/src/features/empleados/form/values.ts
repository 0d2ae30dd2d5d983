/**
 * The employee form's values and what is sent (spec 000 sections 2, 3, 5, 9): every field as
 * text (the salary a number or '' while empty), estado 'Activo' by default, dates cut to their
 * first 10 characters when the record holds a longer one (an ISO time), read as yyyy-mm-dd for
 * the date inputs.
 */
import { DEFAULT_ESTADO_EMPLEADO, empleadoCreateSchema, fullName, type EmpleadoPublico, type EstadoEmpleado } from '../../../../../couch-design/empleado';
import { toIsoDate } from '../../../../../couch-design/format';
import type { FormIssue } from '../../../components/form';
import { schemaIssues } from '../../../components/form';
import type { EmpleadoBody } from '../data/empleados';
import type { UsuarioOpcion } from '../data/usuarios';
import { reasignarUsuario, reemplazarUsuario, vinculadoConEmpleado } from '../texts';

export interface EmpleadoFormValues {
  prim_nom: string;
  segun_nom: string;
  apell_pa: string;
  apell_ma: string;
  fecha_na: string;
  email: string;
  telefono: string;
  pust: string;
  salario: number | '';
  fecha_ing: string;
  estado: EstadoEmpleado | '';
  calle: string;
  nun_ex: string;
  num_in: string;
  codigo: string;
  /** The linked user's id; '' is 'Ninguno'. */
  userId: string;
  /** The admin confirmed taking the chosen user from the employee who has them (issue 18 item 5). */
  reasignar_vinculo: boolean;
  /** A photo chosen in the form, sent after the record is saved. */
  foto: File | null;
}

export const EMPTY_EMPLEADO: EmpleadoFormValues = {
  prim_nom: '',
  segun_nom: '',
  apell_pa: '',
  apell_ma: '',
  fecha_na: '',
  email: '',
  telefono: '',
  pust: '',
  salario: '',
  fecha_ing: '',
  estado: DEFAULT_ESTADO_EMPLEADO,
  calle: '',
  nun_ex: '',
  num_in: '',
  codigo: '',
  userId: '',
  reasignar_vinculo: false,
  foto: null,
};

/** Spec 000 section 2: "Dates longer than 10 characters are cut to the first 10." */
export function dateForInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const cut = value.length > 10 ? value.slice(0, 10) : value;
  return toIsoDate(cut) ?? cut;
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The user linked to `e`: its own `userId`, or (older data holding the link on the user's side
 * only) the user whose `empleado_id` names it.
 */
export function linkedUserId(e: EmpleadoPublico, users: readonly UsuarioOpcion[]): string {
  return e.userId || users.find((u) => u.empleado_id === e.id)?.id || '';
}

export function toFormValues(e: EmpleadoPublico, userId: string): EmpleadoFormValues {
  return {
    prim_nom: textOf(e.prim_nom),
    segun_nom: textOf(e.segun_nom),
    apell_pa: textOf(e.apell_pa),
    apell_ma: textOf(e.apell_ma),
    fecha_na: dateForInput(e.fecha_na),
    email: textOf(e.email),
    telefono: textOf(e.telefono),
    pust: textOf(e.pust),
    salario: typeof e.salario === 'number' && Number.isFinite(e.salario) ? e.salario : '',
    fecha_ing: dateForInput(e.fecha_ing),
    estado: e.estado === 'Inactivo' ? 'Inactivo' : 'Activo',
    calle: textOf(e.calle),
    nun_ex: textOf(e.nun_ex),
    num_in: textOf(e.num_in),
    codigo: textOf(e.codigo),
    userId,
    reasignar_vinculo: false,
    foto: null,
  };
}

/** The form's problems, by the shared create rules (the form always holds every field). */
export const validateEmpleado = (values: EmpleadoFormValues): FormIssue[] => schemaIssues(empleadoCreateSchema, values);

/**
 * The body of POST or PUT. The link is sent only by admins and only when it changed (a PUT that
 * repeats an old link would undo a relink made meanwhile by another admin), with the link the form
 * showed on an edit, so a link made meanwhile is refused rather than replaced unseen; '' clears
 * optional fields on an edit (section 7 note: "optional '' clears").
 */
export function toBody(values: EmpleadoFormValues, opts: { admin: boolean; initialUserId: string; editing?: boolean }): EmpleadoBody {
  const { userId, salario, foto: _foto, reasignar_vinculo: reasignar, ...fields } = values;
  const body: EmpleadoBody = { ...fields, salario: salario === '' ? null : salario };
  if (opts.admin && userId !== opts.initialUserId) {
    body.userId = userId || null;
    if (opts.editing) body.vinculo_actual = opts.initialUserId || null;
    // The confirmation travels only with the user it was given for.
    if (userId && reasignar) body.reasignar_vinculo = true;
  }
  return body;
}

/** The employee user `u` is linked to when that is not `empleadoId` (the one being edited; null for a new one). */
export function linkedElsewhere(u: UsuarioOpcion | undefined, empleadoId: string | null): { id: string; nombre: string } | null {
  const other = u?.empleado_vinculado ?? (u?.empleado_id ? { id: u.empleado_id, nombre: u.empleado_id } : null);
  return other && other.id !== empleadoId ? other : null;
}

const userName = (u: UsuarioOpcion): string => {
  const name = fullName(u);
  return name ? `${u.email} — ${name}` : u.email;
};

/** 'ana@inmo.mx — Ana López', marked with the employee that account is linked to when it is another one. */
export function userOptionLabel(u: UsuarioOpcion, empleadoId: string | null): string {
  const other = linkedElsewhere(u, empleadoId);
  return other ? `${userName(u)} (${vinculadoConEmpleado(other.nombre)})` : userName(u);
}

/**
 * Choosing a user another employee has asks first (issue 18 item 5), and so does choosing another
 * user for an employee an account has now (issue 33: that account would lose it); null: taken at once.
 */
export function reasignarQuestion(users: readonly UsuarioOpcion[], id: string, empleadoId: string | null): string[] | null {
  const u = users.find((x) => x.id === id);
  const other = linkedElsewhere(u, empleadoId);
  if (u && other) return reasignarUsuario(userName(u), other.nombre);
  const holder = empleadoId ? users.find((x) => x.id !== id && (x.empleado_vinculado?.id ?? x.empleado_id) === empleadoId) : undefined;
  return u && holder ? reemplazarUsuario(userName(holder), userName(u)) : null;
}
