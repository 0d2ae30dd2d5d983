/**
 * Check digits of Mexican identifiers (docs/architecture.md section 5). The format rules of the schema block
 * saving; a wrong check digit only warns, because real documents issued with a bad digit exist
 * and the agent must still be able to capture them as printed.
 */

const CURP_DICTIONARY = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
const CURP_FORMAT = /^[A-Z]{4}\d{6}[HM][A-Z]{5}[A-Z0-9]{2}$/;

/** The 18th character RENAPO computes over the first 17, or null when they hold a foreign character. */
export function curpCheckDigit(curp: string): string | null {
  const body = curp.trim().toUpperCase().slice(0, 17);
  if (body.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CURP_DICTIONARY.indexOf(body[i]);
    if (value < 0) return null;
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

export function isCurpCheckDigitValid(curp: string): boolean {
  const c = curp.trim().toUpperCase();
  return CURP_FORMAT.test(c) && curpCheckDigit(c) === c[17];
}

const NSS_FORMAT = /^\d{11}$/;

/** IMSS uses Luhn over the first 10 digits (even positions doubled); the 11th is the result. */
export function nssCheckDigit(nss: string): string | null {
  const digits = nss.trim().slice(0, 10);
  if (!/^\d{10}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    if (d > 9) d -= 9;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isNssCheckDigitValid(nss: string): boolean {
  const n = nss.trim();
  return NSS_FORMAT.test(n) && nssCheckDigit(n) === n[10];
}

/** SAT's table: digits 0-9, A-N 10-23, & 24, O-Z 25-36, blank 37, Ñ 38. */
const RFC_DICTIONARY = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
const RFC_FORMAT = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;

/**
 * The last character of the homoclave. A company's RFC (12 characters) is padded with a leading
 * blank so both kinds are weighed 13 down to 2 over their first 12 positions.
 */
export function rfcCheckDigit(rfc: string): string | null {
  const r = rfc.trim().toUpperCase();
  if (r.length !== 12 && r.length !== 13) return null;
  const body = (r.length === 12 ? ` ${r}` : r).slice(0, 12);
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = RFC_DICTIONARY.indexOf(body[i]);
    if (value < 0) return null;
    sum += value * (13 - i);
  }
  const remainder = sum % 11;
  if (remainder === 0) return '0';
  const digit = 11 - remainder;
  return digit === 10 ? 'A' : String(digit);
}

export function isRfcCheckDigitValid(rfc: string): boolean {
  const r = rfc.trim().toUpperCase();
  return RFC_FORMAT.test(r) && rfcCheckDigit(r) === r[r.length - 1];
}

export const WARNING = {
  curp: 'El dígito verificador de la CURP no coincide; verifique el documento.',
  rfc: 'El dígito verificador del RFC (homoclave) no coincide; verifique el documento.',
  nss: 'El dígito verificador del NSS no coincide; verifique el documento.',
} as const;

/**
 * Non-blocking warnings on the owner's identifiers, for the form and the detail screen. Only
 * identifiers that already pass the format rule are checked: a malformed one gets the blocking
 * format error instead. Accepts the form or the document shape.
 */
export function captacionWarnings(captacion: unknown): Array<{ param: string; msg: string }> {
  const owner = (captacion as { propietario?: Record<string, unknown> } | null)?.propietario;
  if (typeof owner !== 'object' || owner === null) return [];
  const read = (key: string): string => (typeof owner[key] === 'string' ? (owner[key]).trim().toUpperCase() : '');
  const warnings: Array<{ param: string; msg: string }> = [];
  const curp = read('curp');
  if (CURP_FORMAT.test(curp) && !isCurpCheckDigitValid(curp)) warnings.push({ param: 'propietario.curp', msg: WARNING.curp });
  const rfc = read('rfc');
  if (RFC_FORMAT.test(rfc) && !isRfcCheckDigitValid(rfc)) warnings.push({ param: 'propietario.rfc', msg: WARNING.rfc });
  const nss = read('nss');
  if (NSS_FORMAT.test(nss) && !isNssCheckDigitValid(nss)) warnings.push({ param: 'propietario.nss', msg: WARNING.nss });
  return warnings;
}
