import { describe, expect, it } from 'vitest';
import {
  captacionWarnings,
  curpCheckDigit,
  isCurpCheckDigitValid,
  isNssCheckDigitValid,
  isRfcCheckDigitValid,
  nssCheckDigit,
  rfcCheckDigit,
} from './check-digits';
import { sampleCaptacion, sampleCaptacionForm } from './fixtures';
import { validateCaptacion } from './schema';

/**
 * Each identifier's check digit: the digit computed for a published body, the published
 * identifiers it accepts, and one mistyped character it catches.
 */
const CHECK_DIGITS = [
  {
    name: 'CURP',
    digit: curpCheckDigit,
    isValid: isCurpCheckDigitValid,
    computed: ['HEGG560427MVZRRL0', '4'],
    // RENAPO's instructive example, a public figure's CURP, and the first typed in lower case.
    published: ['HEGG560427MVZRRL04', 'LOOA531113HTCPBN07', 'hegg560427mvzrrl04'],
    mistyped: ['HEGG560427MVZRRL05', 'HEGG560428MVZRRL04'],
  },
  {
    name: 'RFC homoclave',
    digit: rfcCheckDigit,
    isValid: isRfcCheckDigitValid,
    computed: ['GODE561231GR8', '8'],
    // A person's RFC (13), and the tax authority's and the social-security institute's own (12).
    published: ['GODE561231GR8', 'SAT970701NN3', 'IMS421231I45'],
    mistyped: ['GODE561231GR9', 'SAT970701NM3'],
  },
  {
    name: 'NSS (Luhn)',
    digit: nssCheckDigit,
    isValid: isNssCheckDigitValid,
    computed: ['1205851234', '9'],
    published: ['12058512349'],
    mistyped: ['12058512340', '12058521349'],
  },
] as const;

for (const { name, digit, isValid, computed, published, mistyped } of CHECK_DIGITS) {
  describe(`${name} check digit`, () => {
    it('matches published identifiers', () => {
      expect(digit(computed[0])).toBe(computed[1]);
      for (const id of published) expect(isValid(id), id).toBe(true);
    });

    it('catches a mistyped character', () => {
      for (const id of mistyped) expect(isValid(id), id).toBe(false);
    });
  });
}

describe('RFC homoclave check digit', () => {
  it('handles the A digit', () => {
    const body = Array.from({ length: 200 }, (_, i) => `PEMJ9001${String(i % 28 + 1).padStart(2, '0')}X${String(i % 10)}`)
      .find((b) => rfcCheckDigit(`${b}0`) === 'A');
    expect(body).toBeDefined();
    expect(isRfcCheckDigitValid(`${body}A`)).toBe(true);
  });
});

describe('captacionWarnings', () => {
  it('is silent for the fixture, whose identifiers are right', () => {
    expect(captacionWarnings(sampleCaptacion())).toEqual([]);
    expect(captacionWarnings(sampleCaptacionForm())).toEqual([]);
  });

  it('warns about each wrong check digit without blocking the save', () => {
    const c = sampleCaptacion({ propietario: { curp: 'HERG850315MDFRMD08', rfc: 'HERG850315K74', nss: '12058512348' } });
    expect(captacionWarnings(c)).toEqual([
      { param: 'propietario.curp', msg: 'El dígito verificador de la CURP no coincide; verifique el documento.' },
      { param: 'propietario.rfc', msg: 'El dígito verificador del RFC (homoclave) no coincide; verifique el documento.' },
      { param: 'propietario.nss', msg: 'El dígito verificador del NSS no coincide; verifique el documento.' },
    ]);
    expect(validateCaptacion(c)).toEqual([]);
  });

  it('leaves malformed or empty identifiers to the blocking format rules', () => {
    expect(captacionWarnings(sampleCaptacion({ propietario: { curp: 'XX', rfc: '', nss: '123' } }))).toEqual([]);
    expect(captacionWarnings({})).toEqual([]);
    expect(captacionWarnings(null)).toEqual([]);
  });
});
