/** The payroll (nómina) data contract: the stored shape, validation, display, filter and order rules. */
export type { Nomina, NominaFields, NominaLike, ValidationIssue } from './types';
export { MSG, SALARIO_MAXIMO, CONCEPTO_MAX, URL_MAX, AÑO_MINIMO, AÑO_MAXIMO } from './messages';
export { nominaSchema, validateNomina } from './schema';
export type { NominaValidation } from './schema';
export {
  NOMINAS_DEFAULT_LIMIT,
  SIN_CONCEPTO,
  SIN_FECHA,
  conceptoLabel,
  fechaLabel,
  salarioLabel,
  normalizeDateFilter,
  hasDateFilter,
  inDateRange,
  compareNominasNewestFirst,
  filterNominas,
} from './rules';
export type { DateFilter } from './rules';
export { DATE_FILTER_PARAMS } from './rules';
