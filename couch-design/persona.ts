/**
 * The personal-data rules users and employees share (specification 000, sections 3 and 5, and the
 * hints of section 2 enforced as rules): one field builder per kind of value, so both contracts
 * refuse and normalise the same way.
 *
 * Choices where the specification is loose:
 * - Required fields answer the one text the specification gives for sign-up,
 *   'Por favor complete todos los campos obligatorios.', for users and employees alike.
 * - The hints (phone 10 digits, postal code 5 digits) are rules; spaces, dashes, dots and
 *   parentheses typed in a phone are dropped before the check, and the digits are stored.
 * - Dates are stored `yyyy-mm-dd`; `dd/mm/yyyy` (and ISO with a time) are accepted; an impossible
 *   date (31/02/2026) is refused (docs/architecture.md section 7).
 * - `num_in` is stored; `nun_in`, the other spelling of section 3, is accepted on input.
 * - Text is trimmed; a number is accepted where text is expected (a phone sent as 5512345678);
 *   booleans, objects and arrays are refused as malformed.
 */
import * as yup from 'yup';
import { MSG } from './captacion/messages';
import { toIsoDate } from './format';
import { isDict } from './helpers/values';

export const PERSONA_MSG = {
  obligatorio: 'Por favor complete todos los campos obligatorios.',
  formato: 'El formato de los datos no es válido',
  telefono: 'El teléfono debe contener exactamente 10 dígitos numéricos',
  codigo: 'El código postal debe contener 5 dígitos numéricos',
  correo: 'El formato del correo electrónico no es válido',
  fecha: 'La fecha no es válida',
  nacimientoFuturo: 'La fecha de nacimiento no puede ser posterior a hoy',
  identificador: 'El identificador no es válido',
  largo: (max: number) => `El texto no puede tener más de ${max} caracteres`,
} as const;

export const PHONE_DIGITS = /^\d{10}$/;
export const POSTAL_CODE = /^\d{5}$/;
const PHONE_SEPARATORS = /[\s().-]/g;
const ISO_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const OLDEST_YEAR = 1900;

/** Length limits: generous for real names and addresses, small enough to keep junk out. */
export const MAX_LEN = { nombre: 80, correo: 254, puesto: 100, calle: 150, numero: 20, fecha: 40, id: 200 } as const;

/**
 * Text as it arrives from a form or JSON: trimmed; null means empty; a finite number becomes its
 * digits; anything else (a flag, an object) stays as it came so the type check refuses it. Every
 * later transform checks for a string first: yup runs transforms before the type check.
 */
function asText(_v: unknown, o: unknown): unknown {
  if (o === null) return '';
  if (typeof o === 'string') return o.trim();
  return typeof o === 'number' && Number.isFinite(o) ? String(o) : o;
}

export const text = (max: number) => yup.string().transform(asText).typeError(PERSONA_MSG.formato).max(max, PERSONA_MSG.largo(max));

export const requiredText = (max: number) => text(max).required(PERSONA_MSG.obligatorio);

/** 10 digits; separators people type are dropped first. */
export const telefono = () =>
  text(40)
    .transform((v: unknown) => (typeof v === 'string' ? v.replace(PHONE_SEPARATORS, '') : v))
    .matches(PHONE_DIGITS, { message: PERSONA_MSG.telefono, excludeEmptyString: true });

export const codigoPostal = () => text(20).matches(POSTAL_CODE, { message: PERSONA_MSG.codigo, excludeEmptyString: true });

/** Stored lower-case, so uniqueness and sign-in compare e-mails without regard to case. */
export const correo = () =>
  text(MAX_LEN.correo)
    .transform((v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v))
    .email(PERSONA_MSG.correo);

const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** A calendar date: 'yyyy-mm-dd' stored, 'dd/mm/yyyy' accepted, impossible dates refused. */
export const fecha = (opts: { notFuture?: boolean } = {}) =>
  text(MAX_LEN.fecha)
    .transform((v: unknown) => (typeof v === 'string' && v !== '' ? (toIsoDate(v) ?? v) : v))
    .test('fecha', PERSONA_MSG.fecha, (v) => !v || (ISO_ONLY.test(v) && toIsoDate(v) === v && Number(v.slice(0, 4)) >= OLDEST_YEAR))
    .test('no-futura', PERSONA_MSG.nacimientoFuturo, (v) => !opts.notFuture || !v || !ISO_ONLY.test(v) || v <= todayIso());

const isControl = (ch: string): boolean => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

/**
 * A reference to another document (`empleado_id`, `userId`): empty means none. The shape only:
 * the gateway checks that the document exists.
 */
export const idRef = () =>
  text(MAX_LEN.id).test('id', PERSONA_MSG.identificador, (v) => !v || (!v.startsWith('_') && !v.includes('/') && ![...v].some(isControl)));

/** The labels of the personal fields, one wording for the user and the employee forms alike. */
export const PERSONA_LABEL = {
  prim_nom: 'Primer nombre',
  segun_nom: 'Segundo nombre',
  apell_pa: 'Apellido paterno',
  apell_ma: 'Apellido materno',
  telefono: 'Teléfono',
  fecha_na: 'Fecha de nacimiento',
  pust: 'Puesto',
  calle: 'Calle',
  nun_ex: 'Número exterior',
  num_in: 'Número interior',
  codigo: 'Código postal',
} as const;

/**
 * What an empty required field says under itself on a screen: its own name, so a dozen empty
 * fields do not repeat one sentence (issue 20). The summary of the form, and the gateway's
 * answer, keep the specification's one text (`PERSONA_MSG.obligatorio`). Wordings the captación
 * rules already give are theirs.
 */
export const PERSONA_REQUERIDO: Readonly<Record<string, string>> = {
  prim_nom: 'El primer nombre es requerido',
  apell_pa: 'El apellido paterno es requerido',
  apell_ma: 'El apellido materno es requerido',
  fecha_na: 'La fecha de nacimiento es requerida',
  telefono: MSG.telefonoRequerido,
  pust: 'El puesto es requerido',
  calle: MSG.calleRequerida,
  nun_ex: 'El número exterior es requerido',
  codigo: MSG.codigoPostalRequerido,
  email: 'El correo electrónico es requerido',
  password: 'La contraseña es requerida',
  salario: 'El salario es requerido',
  fecha_ing: 'La fecha de ingreso es requerida',
  estado: MSG.estadoRequerido,
  empleado_id: 'Seleccione un empleado',
};

/** The personal fields users and employees have in common (section 3). */
export const personaFields = {
  prim_nom: requiredText(MAX_LEN.nombre).label(PERSONA_LABEL.prim_nom),
  segun_nom: text(MAX_LEN.nombre).label(PERSONA_LABEL.segun_nom),
  apell_pa: requiredText(MAX_LEN.nombre).label(PERSONA_LABEL.apell_pa),
  apell_ma: requiredText(MAX_LEN.nombre).label(PERSONA_LABEL.apell_ma),
  telefono: telefono().required(PERSONA_MSG.obligatorio).label(PERSONA_LABEL.telefono),
  fecha_na: fecha({ notFuture: true }).required(PERSONA_MSG.obligatorio).label(PERSONA_LABEL.fecha_na),
  pust: requiredText(MAX_LEN.puesto).label(PERSONA_LABEL.pust),
  calle: requiredText(MAX_LEN.calle).label(PERSONA_LABEL.calle),
  nun_ex: requiredText(MAX_LEN.numero).label(PERSONA_LABEL.nun_ex),
  num_in: text(MAX_LEN.numero).label(PERSONA_LABEL.num_in),
  codigo: codigoPostal().required(PERSONA_MSG.obligatorio).label(PERSONA_LABEL.codigo),
};

/** `nun_in` (the other spelling of section 3) read as `num_in`; the unknown key is then stripped. */
export function acceptNunIn(value: unknown): unknown {
  if (!isDict(value) || value.num_in !== undefined || value.nun_in === undefined) return value;
  return { ...value, num_in: value.nun_in };
}
