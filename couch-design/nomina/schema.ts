/**
 * The one set of payroll rules (specification 000 section 5: salario a number, fecha and the
 * payment concept required), used by the create and edit forms (Formik) and by the gateway.
 *
 * Choices where the specification is loose:
 * - A salary is a plain decimal number of pesos, 0 to SALARIO_MAXIMO, with at most two decimals.
 *   Form bodies carry it as text ('15000.50'); text that is not a plain decimal ('1e3', '1,000',
 *   'NaN', 'Infinity') is not a number here.
 * - fecha accepts dd/mm/yyyy and yyyy-mm-dd (a time after the ISO date is ignored) and comes out
 *   ISO; impossible dates (31/02/2026) and years outside 1900-2100 are refused.
 * - `url` may only be an https address or a path of this application (safe-url.ts), never
 *   `javascript:`, another site behind `//` or a plain-http copy of someone's salary.
 * - Unknown fields are stripped; `empleado` (the name) is filled by the gateway from the record.
 */
import * as yup from 'yup';
import { toIsoDate } from '../format';
import { yupIssues } from '../helpers/yup-issues';
import { isBlank } from '../helpers/values';
import { isSafeUrl } from './safe-url';
import { AÑO_MAXIMO, AÑO_MINIMO, CONCEPTO_MAX, MSG, SALARIO_MAXIMO, URL_MAX } from './messages';
import type { NominaFields, ValidationIssue } from './types';


/** dd/mm/yyyy, or yyyy-mm-dd optionally followed by a time: nothing else is read as a date. */
const DATE_INPUT = /^(\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?|\d{1,2}\/\d{1,2}\/\d{4})$/;

function toFecha(value: unknown, original: unknown): unknown {
  if (isBlank(original)) return undefined;
  if (typeof value !== 'string') return value;
  const s = value.trim();
  return DATE_INPUT.test(s) ? (toIsoDate(s) ?? s) : s;
}

const PLAIN_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A number, or text that is a plain decimal; anything else becomes NaN (a type error). */
function toSalario(_value: unknown, original: unknown): unknown {
  if (isBlank(original)) return undefined;
  if (typeof original === 'number') return original;
  if (typeof original === 'string') return PLAIN_DECIMAL.test(original.trim()) ? Number(original.trim()) : NaN;
  return NaN;
}

const hasAtMostTwoDecimals = (v: number): boolean => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 * Math.max(1, Math.abs(v));

function isPaymentDate(v: string): boolean {
  const iso = toIsoDate(v);
  if (iso === null || iso !== v) return false;
  const year = Number(iso.slice(0, 4));
  return year >= AÑO_MINIMO && year <= AÑO_MAXIMO;
}

/** Trimmed text; numbers, objects and arrays are not text (yup's own trim would throw on them). */
const text = () =>
  yup
    .string()
    .transform((_v: unknown, o: unknown): unknown => (o === null || o === undefined ? undefined : typeof o === 'string' ? o.trim() : o))
    .typeError(MSG.textoInvalido);

export const nominaSchema = yup
  .object({
    empleadoId: text().max(200, MSG.empleadoIdInvalido),
    empleado: text().max(300, MSG.textoInvalido),
    conceptoDePago: text().required(MSG.conceptoRequerido).max(CONCEPTO_MAX, MSG.conceptoLargo),
    salario: yup
      .number()
      .transform(toSalario)
      .typeError(MSG.salarioNumero)
      .required(MSG.salarioRequerido)
      .min(0, MSG.salarioNegativo)
      .max(SALARIO_MAXIMO, MSG.salarioMaximo)
      .test('centavos', MSG.salarioCentavos, (v) => v === undefined || hasAtMostTwoDecimals(v)),
    fecha: yup
      .string()
      // Both accepted forms come out ISO; what is no date stays as typed and fails the test below.
      .transform(toFecha)
      .typeError(MSG.fechaInvalida)
      .required(MSG.fechaRequerida)
      .test('fecha', MSG.fechaInvalida, (v) => v === undefined || isPaymentDate(v)),
    url: text().max(URL_MAX, MSG.urlInvalida).test('url', MSG.urlInvalida, (v) => !v || isSafeUrl(v)),
  })
  .typeError(MSG.textoInvalido);

export type NominaValidation = { ok: true; value: NominaFields } | { ok: false; issues: ValidationIssue[] };

/** Validates and cleans a payslip body: ISO date, trimmed texts, unknown fields dropped, every failure listed. */
export function validateNomina(input: unknown): NominaValidation {
  try {
    const v = nominaSchema.validateSync(input, { abortEarly: false, stripUnknown: true });
    const value: NominaFields = { conceptoDePago: v.conceptoDePago, salario: v.salario, fecha: v.fecha };
    if (v.empleadoId) value.empleadoId = v.empleadoId;
    if (v.empleado) value.empleado = v.empleado;
    if (v.url) value.url = v.url;
    return { ok: true, value };
  } catch (e) {
    return { ok: false, issues: yupIssues(e) };
  }
}
