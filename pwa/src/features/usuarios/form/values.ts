/**
 * The user forms' values and what they send. The rules are couch-design's: create and sign-up
 * validate with their schemas; edit validates what it shows with the create rules (docs/architecture.md
 * section 7) and the role with the edit rule, which also accepts the person's current role.
 */
import type { AnyObjectSchema } from 'yup';
import { fullName, type EmpleadoPublico } from '../../../../../couch-design/empleado';
import { toIsoDate } from '../../../../../couch-design/format';
import { PERSONA_MSG } from '../../../../../couch-design/persona';
import { DEFAULT_ROLE } from '../../../../../couch-design/roles';
import { signupSchema, userCreateSchema, userEditSchema, type UsuarioPublico } from '../../../../../couch-design/usuario';
import { schemaIssues, type FormIssue, type SelectOption } from '../../../components/form';
import type { UsuarioBody } from '../data/resources';
import type { VinculoPublico } from '../../../../../couch-design/vinculo';
import { EMPLEADO_SIN_NOMBRE, reasignarEmpleado, vinculadoCon } from '../texts';

/** The personal fields a user shares with an employee (section 3), in form order. */
export const NOMBRE_FIELDS = ['prim_nom', 'segun_nom', 'apell_pa', 'apell_ma', 'fecha_na', 'pust'] as const;
/** Contact and address: the edit screen shows them only when no employee is linked. */
export const CONTACTO_FIELDS = ['telefono', 'calle', 'nun_ex', 'num_in', 'codigo'] as const;
export const PERSONAL_FIELDS = [...NOMBRE_FIELDS, ...CONTACTO_FIELDS] as const;
type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type PersonalValues = Record<PersonalField, string>;

export interface UsuarioFormValues extends PersonalValues {
  email: string;
  password: string;
  role: string;
  /** Create: 'Usar empleado existente'; edit: 'Vincular con empleado existente'. */
  con_empleado: boolean;
  empleado_id: string;
  /** The admin confirmed taking the chosen employee from the user who has it (issue 18 item 5). */
  reasignar_vinculo: boolean;
  /** The photo chosen in the form, uploaded once the user is saved. */
  foto: File | null;
}

export const EMPTY_PERSONAL: PersonalValues = Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, ''])) as PersonalValues;

export const EMPTY_USUARIO: UsuarioFormValues = {
  ...EMPTY_PERSONAL,
  email: '',
  password: '',
  role: DEFAULT_ROLE,
  con_empleado: false,
  empleado_id: '',
  reasignar_vinculo: false,
  foto: null,
};

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The personal fields of a user or an employee, as the form holds them (dates `yyyy-mm-dd`). */
export function personalOf(p: Partial<Record<PersonalField | 'nun_in', unknown>>): PersonalValues {
  const values = Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, str(p[f])])) as PersonalValues;
  values.num_in ||= str(p.nun_in);
  values.fecha_na = toIsoDate(values.fecha_na) ?? values.fecha_na.slice(0, 10);
  return values;
}

/** 'Usar empleado existente' <-> 'Crear usuario sin empleado': personal fields cleared; e-mail, password, role and photo kept. */
export function toggledMode(values: UsuarioFormValues, conEmpleado: boolean): UsuarioFormValues {
  return { ...values, ...EMPTY_PERSONAL, con_empleado: conEmpleado, empleado_id: '', reasignar_vinculo: false };
}

/** An employee chosen: their personal data fills the form; their e-mail only when none was typed. */
export function withEmpleado(values: UsuarioFormValues, empleado: EmpleadoPublico | undefined): UsuarioFormValues {
  if (!empleado) return { ...values, ...EMPTY_PERSONAL };
  return { ...values, ...personalOf(empleado), email: values.email || str(empleado.email) };
}

/** The user the employee is linked to when that is not `userId` (the user being edited; null for a new one). */
export function linkedElsewhere(e: EmpleadoPublico | undefined, userId: string | null): VinculoPublico | null {
  const other = e?.usuario_vinculado;
  return other && other.id !== userId ? other : null;
}

export const empleadoName = (e: EmpleadoPublico): string => fullName(e) || EMPLEADO_SIN_NOMBRE;

/**
 * Only employees with estado Activo are offered for linking (spec 000 sections 2 and 4), each
 * marked with the user it is linked to when that is someone else (issue 18 item 5).
 */
export function empleadoOptions(empleados: readonly EmpleadoPublico[], keepId?: string | null, userId: string | null = null): SelectOption[] {
  return empleados
    .filter((e) => e.estado === 'Activo' || e._id === keepId)
    .map((e) => {
      const other = linkedElsewhere(e, userId);
      const label = [empleadoName(e), e.pust].filter(Boolean).join(' · ');
      return { value: e._id, label: other ? `${label} (${vinculadoCon(other.nombre)})` : label };
    });
}

/** Choosing an employee someone else has asks first (issue 18 item 5); null: taken at once. */
export function reasignarQuestion(empleados: readonly EmpleadoPublico[], id: string, userId: string | null): string[] | null {
  const e = empleados.find((x) => x._id === id);
  const other = linkedElsewhere(e, userId);
  return e && other ? reasignarEmpleado(empleadoName(e), other.nombre) : null;
}

/** The form after an employee was chosen: their data fills it, and whether the move was confirmed. */
export function pickedEmpleado(values: UsuarioFormValues, empleados: readonly EmpleadoPublico[], id: string, confirmed: boolean): UsuarioFormValues {
  return { ...withEmpleado(values, empleados.find((e) => e._id === id)), empleado_id: id, reasignar_vinculo: confirmed };
}

/** The confirmation travels only with the employee it was given for. */
const consent = (v: UsuarioFormValues): { reasignar_vinculo?: true } => (v.con_empleado && v.empleado_id && v.reasignar_vinculo ? { reasignar_vinculo: true } : {});

const personalBody = (v: UsuarioFormValues, fields: readonly PersonalField[]): Partial<PersonalValues> =>
  Object.fromEntries(fields.map((f) => [f, v[f]]));

// --- create / sign-up -----------------------------------------------------------------------

export type RegistroMode = 'publico' | 'admin';

/** `POST /api/signup`: public sign-up never sends a role or a link (the gateway would ignore them). */
export function registroBody(v: UsuarioFormValues, mode: RegistroMode): UsuarioBody {
  const base = { ...personalBody(v, PERSONAL_FIELDS), email: v.email, password: v.password };
  if (mode === 'publico') return base;
  return { ...base, role: v.role, empleado_id: v.con_empleado ? v.empleado_id : '', ...consent(v) };
}

const empleadoRequired = (v: UsuarioFormValues): FormIssue[] =>
  v.con_empleado && !v.empleado_id ? [{ param: 'empleado_id', msg: PERSONA_MSG.obligatorio }] : [];

export function validateRegistro(v: UsuarioFormValues, mode: RegistroMode): FormIssue[] {
  if (mode === 'publico') return schemaIssues(signupSchema, registroBody(v, mode));
  return [...empleadoRequired(v), ...schemaIssues(userCreateSchema, registroBody(v, mode))];
}

// --- edit -----------------------------------------------------------------------------------

/** How the user is linked, detected on load (spec 000 section 2, 'Editar Usuario'). */
export type LinkDirection = 'usuario' | 'empleado' | 'ninguno';

export interface EditContext {
  user: UsuarioPublico;
  direction: LinkDirection;
  /** The linked employee, when there is one and it could be read. */
  empleado: EmpleadoPublico | null;
  /** May change the role and the link (admins; never one's own link or role). */
  manage: boolean;
}

export function editInitialValues(ctx: EditContext): UsuarioFormValues {
  const { user, direction, empleado } = ctx;
  const fromEmpleado = direction === 'empleado' && empleado ? personalOf(empleado) : null;
  return {
    ...personalOf(user),
    ...(fromEmpleado ? pickNombre(fromEmpleado) : {}),
    email: user.email,
    password: '',
    role: user.role || DEFAULT_ROLE,
    con_empleado: direction !== 'ninguno',
    empleado_id: direction === 'usuario' ? (user.empleado_id ?? '') : (empleado?._id ?? ''),
    reasignar_vinculo: false,
    foto: null,
  };
}

/** The employee side holds the personal data it shows: names, birth date and position. */
const pickNombre = (p: PersonalValues): Partial<PersonalValues> => Object.fromEntries(NOMBRE_FIELDS.map((f) => [f, p[f]]));

/** Contact and address are edited here only when no employee is linked. */
export const showsContacto = (v: UsuarioFormValues): boolean => !v.con_empleado;

/**
 * The fields of `PUT /api/users/{id}`: what the screen shows; the link only when it changed, with
 * the link the form showed, so one made meanwhile by another admin is refused, not replaced unseen.
 */
export function editBody(v: UsuarioFormValues, ctx: EditContext): UsuarioBody {
  const body: UsuarioBody = {
    ...personalBody(v, showsContacto(v) ? PERSONAL_FIELDS : NOMBRE_FIELDS),
    email: v.email,
  };
  if (!ctx.manage) return body;
  body.role = v.role;
  if (ctx.direction !== 'empleado') {
    const before = ctx.direction === 'usuario' ? (ctx.user.empleado_id ?? '') : '';
    const after = v.con_empleado ? v.empleado_id : '';
    if (after !== before) Object.assign(body, { empleado_id: after, vinculo_actual: before || null }, consent(v));
  }
  return body;
}

const editRules = (currentRole: string, v: UsuarioFormValues): AnyObjectSchema =>
  userCreateSchema
    .pick([...(showsContacto(v) ? PERSONAL_FIELDS : NOMBRE_FIELDS), 'email'])
    .concat(userEditSchema(currentRole).pick(['role']));

export function validateEdit(v: UsuarioFormValues, ctx: EditContext): FormIssue[] {
  const body = editBody(v, ctx);
  const linkMissing = ctx.manage && ctx.direction !== 'empleado' ? empleadoRequired(v) : [];
  return [...linkMissing, ...schemaIssues(editRules(ctx.user.role, v), body)];
}
