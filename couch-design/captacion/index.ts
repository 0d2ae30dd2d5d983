/** The captación data contract: shapes, defaults, options, rules, validation and warnings. */
export type * from './types';
export { formToDoc, docToForm, normalizeCaptacionInput } from './convert';
export { toNumber } from '../helpers/numbers';
export { emptyCaptacion, emptyCaptacionForm, emptyReferencia, emptyAdeudo, emptyDocumentosEntregados } from './defaults';
export * from './options';
export { MSG } from './messages';
export {
  captacionSchema,
  captacionDocSchema,
  validateCaptacion,
  issuesToFormErrors,
  PHONE_PATTERN,
  NSS_PATTERN,
  RFC_PATTERN,
  CURP_PATTERN,
  CODIGO_POSTAL_PATTERN,
  MIN_NOMBRE,
} from './schema';
export type { CaptacionShape } from './schema';
export { errorsBySection, errorSummaryText, ERROR_SUMMARY_PREFIX } from './summary';
export type { ErrorSection, ErrorSectionName } from './summary';
export {
  captacionWarnings,
  curpCheckDigit,
  rfcCheckDigit,
  nssCheckDigit,
  isCurpCheckDigitValid,
  isRfcCheckDigitValid,
  isNssCheckDigitValid,
  WARNING,
} from './check-digits';
export * from './rules';
export { ESTADOS_MEXICO, isEstadoMexico, normalizeEstado } from '../mexico';
export type { EstadoMexico } from '../mexico';
export { CAPTACION_LABELS, type FieldLabel } from './labels';
export { CAPTACION_ROWS, printedRows, rowValue } from './rows';
export type { CaptacionRow, CaptacionRowGroup, CaptacionRowSection, ValueKind, ValueWriter } from './rows';
