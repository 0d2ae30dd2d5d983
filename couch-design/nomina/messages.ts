/**
 * Validation texts of the payroll forms and REST bodies. Specification 000 section 5 names the
 * rules (salario a number; fecha and concepto required) but no texts: these are ours, in the
 * style of the captación messages.
 */
import { formatMoney } from '../format';

/** The largest salary a payslip may carry: far above any real one, low enough to catch a typo of extra zeros. */
export const SALARIO_MAXIMO = 100_000_000;
export const CONCEPTO_MAX = 500;
export const URL_MAX = 2000;
/** Payment dates outside these years are typos (0026 for 2026), not payslips. */
export const AÑO_MINIMO = 1900;
export const AÑO_MAXIMO = 2100;

export const MSG = {
  salarioRequerido: 'El salario es requerido',
  salarioNumero: 'El salario debe ser un número',
  salarioNegativo: 'El salario no puede ser negativo',
  salarioMaximo: `El salario no puede ser mayor a ${formatMoney(SALARIO_MAXIMO)}`,
  salarioCentavos: 'El salario admite a lo sumo dos decimales',
  fechaRequerida: 'La fecha de pago es requerida',
  fechaInvalida: 'La fecha de pago no es válida (use dd/mm/aaaa o aaaa-mm-dd)',
  conceptoRequerido: 'El concepto de pago es requerido',
  conceptoLargo: `El concepto de pago no puede exceder ${CONCEPTO_MAX} caracteres`,
  textoInvalido: 'El formato de los datos no es válido',
  empleadoIdInvalido: 'El identificador del empleado no es válido',
  urlInvalida: 'La liga del PDF debe ser una dirección https o una ruta de esta aplicación',
} as const;

/** What a write of a payslip answers: the REST endpoints say it and the PWA shows it. */
export const NOMINA_DONE = {
  creada: 'Nómina creada correctamente.',
  actualizada: 'Nómina actualizada correctamente.',
  eliminada: 'Nómina eliminada correctamente.',
} as const;
