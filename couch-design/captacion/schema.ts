/**
 * The one set of captación rules (specification 001 section 5), used by the create and edit forms
 * (docs/architecture.md section 7: edit validates with the create rules), by REST and by the replication endpoint.
 *
 * Choices where the specification is loose:
 * - RFC and CURP are upper-cased before the pattern runs: 'gode561231gr8' is a valid RFC typed in
 *   lower case, and the stored value is upper-cased too (convert.ts).
 * - Numeric inputs may hold numeric strings; '' (an empty input) and null mean "empty".
 * - A required text shows one message at a time: the length and format rules stay quiet while
 *   the field is empty.
 * - The sale block is checked only while en_venta is on, and then only for what would corrupt
 *   the record (negative amounts, commission over 100 %, a bad e-mail or date).
 */
import * as yup from 'yup';
import { timestampMs, toIsoDate } from '../format';
import { yupIssues } from '../helpers/yup-issues';
import { isBlank } from '../helpers/values';
import { passesSchema } from '../helpers/yup-pass';
import { ESTADOS_MEXICO } from '../mexico';
import { MSG } from './messages';
import { MIN_REFERENCIAS } from './rules';
import { ESTADO_CIVIL_OPTIONS } from './options';
import type { ValidationIssue } from './types';

export const PHONE_PATTERN = /^\d{10}$/;
export const NSS_PATTERN = /^\d{11}$/;
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;
export const CURP_PATTERN = /^[A-Z]{4}\d{6}[HM][A-Z]{5}[A-Z0-9]{2}$/;
export const CODIGO_POSTAL_PATTERN = /^\d{5}$/;
export const MIN_NOMBRE = 3;
/**
 * Bounds no real record comes near (the form adds rows one by one): they keep a document, and so
 * every device that replicates it, from growing without limit.
 */
export const MAX_TEXTO = 5000;
export const MAX_ADEUDOS = 100;
export const MAX_REFERENCIAS = 20;
export const MAX_IMAGENES = 50;


const str = () =>
  yup
    .string()
    .transform((v: unknown, o: unknown): unknown => (o === null ? undefined : v))
    .trim()
    .typeError(MSG.formatoInvalido)
    .max(MAX_TEXTO, MSG.textoMax);

const required = (message: string) => str().required(message);

const oneOfWhenPresent = (options: readonly string[]) => (v: string | undefined) =>
  !v || options.includes(v);

const nombre = (requiredMessage: string) =>
  required(requiredMessage).test('min', MSG.nombreMin, (v) => !v || v.length >= MIN_NOMBRE);

const telefono = () =>
  required(MSG.telefonoRequerido).matches(PHONE_PATTERN, { message: MSG.telefonoFormato, excludeEmptyString: true });

const num = () =>
  yup
    .number()
    .transform((v: unknown, o: unknown): unknown => (isBlank(o) ? undefined : v))
    .typeError(MSG.numeroInvalido);

const bool = () => yup.boolean().typeError(MSG.booleanoInvalido);

const mustBeTrue = (message: string) => bool().test('obligatorio', message, (v) => v === true);

const obj = <T extends yup.ObjectShape>(shape: T) =>
  yup
    .object(shape)
    .transform((v: unknown, o: unknown): unknown => (o === null ? undefined : v))
    .typeError(MSG.formatoInvalido);

const isOn = (v: unknown): boolean => v === true || v === 'true' || v === 'on';

/** A capture date: a calendar date (yyyy-mm-dd) or an ISO timestamp with its zone. */
const isMoment = (v: string): boolean => timestampMs(v) !== null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && toIsoDate(v) !== null);

/**
 * Every schema is built on first use, not when the module loads: the rules ship in the code every
 * screen shares, and building them cost a throttled tablet about 200 ms of main thread at each
 * start, on screens (the list) that validate nothing.
 */
function build() {
  const propietario = obj({
    nombre: nombre(MSG.propietarioNombreRequerido),
    telefono: telefono(),
    correo: str().email(MSG.correoFormato),
    direccion: str(),
    identificacion: str(),
    nss: str().matches(NSS_PATTERN, { message: MSG.nssFormato, excludeEmptyString: true }),
    rfc: str().uppercase().matches(RFC_PATTERN, { message: MSG.rfcFormato, excludeEmptyString: true }),
    curp: str().uppercase().matches(CURP_PATTERN, { message: MSG.curpFormato, excludeEmptyString: true }),
    estado_civil: required(MSG.estadoCivilRequerido).test(
      'opcion',
      MSG.estadoCivilInvalido,
      oneOfWhenPresent(ESTADO_CIVIL_OPTIONS),
    ),
  });

  const adeudo = obj({
    tipo: str(),
    // The issue asks for negative amounts to be refused by the server too, not only by the input.
    monto: num().min(0, MSG.noNegativo),
    numero_referencia: str(),
    descripcion: str(),
    estatus: str(),
  });

  const propiedad = obj({
    tipo: required(MSG.tipoPropiedadRequerido),
    direccion: obj({
      calle: required(MSG.calleRequerida),
      numero: required(MSG.numeroRequerido),
      colonia: required(MSG.coloniaRequerida),
      ciudad: required(MSG.ciudadRequerida),
      estado: required(MSG.estadoRequerido).test('opcion', MSG.estadoInvalido, oneOfWhenPresent(ESTADOS_MEXICO)),
      codigo_postal: required(MSG.codigoPostalRequerido).matches(CODIGO_POSTAL_PATTERN, {
        message: MSG.codigoPostalFormato,
        excludeEmptyString: true,
      }),
      completa: str(),
    }),
    caracteristicas: obj({
      m2_terreno: num().required(MSG.m2TerrenoRequerido).moreThan(0, MSG.mayorACero),
      m2_construccion: num().required(MSG.m2ConstruccionRequerido).moreThan(0, MSG.mayorACero),
      habitaciones: num().required(MSG.habitacionesRequerido).min(0, MSG.noNegativo),
      baños: num().required(MSG.bañosRequerido).min(0, MSG.noNegativo),
      cocheras: num().min(0, MSG.noNegativo),
      descripcion: str(),
      año_construccion: num().test(
        'año',
        MSG.añoInvalido,
        (v) => v === undefined || (Number.isInteger(v) && v >= 1800 && v <= new Date().getFullYear() + 5),
      ),
    }),
    // Legacy records hold images as `{url}` objects: the cleaning keeps their url.
    imagenes: yup.array().of(str().meta({ urlObject: true })).typeError(MSG.formatoInvalido).max(MAX_IMAGENES, MSG.imagenesMax),
    adeudos: yup.array().of(adeudo).typeError(MSG.formatoInvalido).max(MAX_ADEUDOS, MSG.adeudosMax),
  });

  const datosLaborales = obj({
    empresa: str(),
    direccion: str(),
    telefono: str(),
    area: str(),
    puesto: str(),
    turno: str(),
    registro_patronal: str(),
    antiguedad: num().min(0, MSG.noNegativo),
    ingresos_mensuales: num().min(0, MSG.noNegativo),
  });

  const referencia = obj({
    nombre: nombre(MSG.referenciaNombreRequerido),
    relacion: required(MSG.parentescoRequerido),
    telefono: telefono(),
    direccion: str(),
  });

  const referencias = yup
    .array()
    .of(referencia)
    .transform((v: unknown, o: unknown): unknown => (o === null ? undefined : v))
    .typeError(MSG.referenciasRequeridas)
    .required(MSG.referenciasRequeridas)
    .min(MIN_REFERENCIAS, MSG.referenciasMin)
    .max(MAX_REFERENCIAS, MSG.referenciasMax);

  const documentacion = obj({
    ine: mustBeTrue(MSG.ineObligatoria),
    curp: bool(),
    rfc: bool(),
    escrituras: mustBeTrue(MSG.escriturasObligatorias),
    predial_pagado: bool(),
    libre_gravamen: bool(),
    comprobante_domicilio: bool(),
    observaciones: str(),
  });

  const ventaActiva = obj({
    en_venta: bool(),
    precio_venta: num().min(0, MSG.noNegativo),
    comision_venta: num().min(0, MSG.noNegativo).max(100, MSG.comisionMax),
    fecha_venta: str().test('fecha', MSG.fechaInvalida, (v) => !v || toIsoDate(v) !== null),
    estatus_venta: str(),
    tipo_credito: str(),
    observaciones: str(),
    comprador: obj({ nombre: str(), telefono: str(), correo: str().email(MSG.correoFormato), direccion: str() }),
    documentos_entregados: obj({ contrato: bool(), identificacion: bool(), constancia_credito: bool() }),
  });

  /** "No validation when sale is off" (spec 5): the block is checked only while en_venta is on. */
  const ventaApagada = yup.mixed();
  const venta = yup.lazy((v: unknown) =>
    typeof v === 'object' && v !== null && isOn((v as { en_venta?: unknown }).en_venta) ? ventaActiva : ventaApagada,
  );

  const captacion = obj({
    tipo_captacion: required(MSG.tipoCaptacionRequerido),
    observaciones: str(),
    fecha: str().test('fecha', MSG.fechaInvalida, (v) => !v || isMoment(v)),
    asesor: yup.mixed(),
  });

  const common = {
    propietario,
    propiedad,
    datos_laborales: datosLaborales,
    referencias_personales: referencias,
    venta,
    captacion,
    tipo_tramite: str(),
    estatus_actual: str(),
    pdf_url: str(),
  };

  const form = yup.object({ ...common, documentacion }).typeError(MSG.formatoInvalido);

  const doc = yup
    .object({
      type: yup.string().required(MSG.tipoDocumento).oneOf(['captacion'], MSG.tipoDocumento),
      ...common,
      documentos_entregados: documentacion,
    })
    .typeError(MSG.formatoInvalido);
  // The stored shape checked with the form's documents block: the order of fields and the shape walk.
  const walked = doc.shape({ documentacion });
  return { form, doc, walked, ventaActiva };
}

let built: ReturnType<typeof build> | undefined;
const schemas = (): ReturnType<typeof build> => (built ??= build());

/** The form shape (`documentacion`), for Formik's validationSchema. */
export const captacionSchema = (): ReturnType<typeof build>['form'] => schemas().form;

/** The stored shape (`documentos_entregados`, `type: 'captacion'`), for REST and replication. */
export const captacionDocSchema = (): ReturnType<typeof build>['doc'] => schemas().doc;

export type CaptacionShape = 'form' | 'doc';

/** Orders problems as the form shows its fields (yup reports nested objects last). */
let fieldOrder: string[] | undefined;
function fieldOrderOf(): string[] {
  if (fieldOrder) return fieldOrder;
  const { walked, ventaActiva } = schemas();
  const out: string[] = [];
  const walk = (schema: unknown, path: string): void => {
    if (schema instanceof yup.ObjectSchema) {
      for (const [key, child] of Object.entries(schema.fields)) {
        const p = path ? `${path}.${key}` : key;
        out.push(p);
        walk(key === 'venta' ? ventaActiva : child, p);
      }
    } else if (schema instanceof yup.ArraySchema && schema.innerType) {
      walk(schema.innerType, `${path}[]`);
    }
  };
  walk(walked, '');
  return (fieldOrder = out);
}

function orderKey(param: string): Array<number | string> {
  const key: Array<number | string> = [];
  let template = '';
  for (const token of param.split(/\.|(?=\[)/)) {
    const index = /^\[(\d+)\]$/.exec(token);
    if (index) {
      template += '[]';
      key.push(Number(index[1]));
    } else {
      template = template ? `${template}.${token}` : token;
      const order = fieldOrderOf();
      const rank = order.indexOf(template);
      key.push(rank < 0 ? order.length : rank);
    }
  }
  return key;
}

function compareParams(a: string, b: string): number {
  const ka = orderKey(a);
  const kb = orderKey(b);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
  }
  return ka.length - kb.length;
}

/**
 * Every problem of a captación, as `{param, msg}` with the dotted path (`propietario.telefono`,
 * `referencias_personales[0].nombre`), in form order; [] when valid. The shape is guessed from
 * the presence of `documentacion` unless given.
 */
export function validateCaptacion(value: unknown, shape?: CaptacionShape): ValidationIssue[] {
  const which =
    shape ?? (typeof value === 'object' && value !== null && 'documentacion' in value ? 'form' : 'doc');
  const schema = which === 'form' ? schemas().form : schemas().doc;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ param: '', msg: MSG.formatoInvalido }];
  if (passesSchema(schema, value)) return [];
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (err) {
    const seen = new Set<string>();
    const issues: ValidationIssue[] = [];
    for (const issue of yupIssues(err)) {
      const k = `${issue.param}\u0000${issue.msg}`;
      if (!seen.has(k)) {
        seen.add(k);
        issues.push(issue);
      }
    }
    return issues.sort((a, b) => compareParams(a.param, b.param));
  }
}

// No closures inside: the gateway runs under tsx, which names every nested function at each call.
function walkShape(schema: unknown, v: unknown, path: string, out: ValidationIssue[]): void {
  if (v === undefined || v === null) return;
  let wrong = false;
  if (schema instanceof yup.ObjectSchema) {
    if (typeof v !== 'object' || Array.isArray(v)) wrong = true;
    else {
      for (const key of Object.keys(schema.fields)) {
        const p = path ? `${path}.${key}` : key;
        walkShape(p === 'venta' ? schemas().ventaActiva : schema.fields[key], (v as Record<string, unknown>)[key], p, out);
      }
    }
  } else if (schema instanceof yup.ArraySchema) {
    if (!Array.isArray(v)) wrong = true;
    else for (let i = 0; i < v.length; i++) walkShape(schema.innerType, v[i], `${path}[${i}]`, out);
  } else if (schema instanceof yup.StringSchema) {
    const urlObject = schema.spec.meta?.urlObject === true && typeof v === 'object' && typeof (v as { url?: unknown }).url === 'string';
    wrong = typeof v !== 'string' && typeof v !== 'number' && !urlObject;
  } else if (schema instanceof yup.NumberSchema) {
    wrong = typeof v !== 'number' && typeof v !== 'string';
  } else if (schema instanceof yup.BooleanSchema) {
    wrong = typeof v === 'object';
  }
  if (wrong) out.push({ param: path, msg: MSG.formatoInvalido });
}

/**
 * What the cleaning (normalizeCaptacionInput) would otherwise hide: an object or a list where a
 * text, number or yes/no belongs, or a text where a block or list belongs, which it would turn
 * into an empty value. Paths as validateCaptacion answers them.
 */
export function shapeIssues(value: unknown): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  walkShape(schemas().walked, value, '', out);
  return out;
}

/**
 * Every problem of a client's captación: the shape of what it sent (`raw`) and the rules on what
 * the cleaning made of it (`cleaned`), in form order. What REST and replication both refuse.
 */
export function captacionInputIssues(raw: unknown, cleaned: unknown): ValidationIssue[] {
  const seen = new Set<string>();
  return [...shapeIssues(raw), ...validateCaptacion(cleaned, 'doc')]
    .filter((i) => {
      const k = `${i.param}\u0000${i.msg}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => compareParams(a.param, b.param));
}

/** Formik-style nested errors: the form kit's one converter, kept with the other shared helpers. */
export { issuesToFormErrors } from '../helpers/form-errors';

export { errorsBySection, errorSummaryText, ERROR_SUMMARY_PREFIX } from './summary';
export type { ErrorSection, ErrorSectionName } from './summary';
