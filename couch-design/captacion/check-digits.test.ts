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

describe('CURP check digit', () => {
  it('matches published CURPs', () => {
    // RENAPO's instructive example and a public figure's CURP.
    expect(curpCheckDigit('HEGG560427MVZRRL0')).toBe('4');
    expect(isCurpCheckDigitValid('HEGG560427MVZRRL04')).toBe(true);
    expect(isCurpCheckDigitValid('LOOA531113HTCPBN07')).toBe(true);
    expect(isCurpCheckDigitValid('hegg560427mvzrrl04')).toBe(true);
  });

  it('catches a mistyped character', () => {
    expect(isCurpCheckDigitValid('HEGG560427MVZRRL05')).toBe(false);
    expect(isCurpCheckDigitValid('HEGG560428MVZRRL04')).toBe(false);
  });
});

describe('RFC homoclave check digit', () => {
  it('matches published RFCs of people (13) and companies (12)', () => {
    expect(rfcCheckDigit('GODE561231GR8')).toBe('8');
    expect(isRfcCheckDigitValid('GODE561231GR8')).toBe(true);
    // The tax authority's and the social-security institute's own RFCs.
    expect(isRfcCheckDigitValid('SAT970701NN3')).toBe(true);
    expect(isRfcCheckDigitValid('IMS421231I45')).toBe(true);
  });

  it('catches a mistyped character, and handles the A digit', () => {
    expect(isRfcCheckDigitValid('GODE561231GR9')).toBe(false);
    expect(isRfcCheckDigitValid('SAT970701NM3')).toBe(false);
    const body = Array.from({ length: 200 }, (_, i) => `PEMJ9001${String(i % 28 + 1).padStart(2, '0')}X${String(i % 10)}`)
      .find((b) => rfcCheckDigit(`${b}0`) === 'A');
    expect(body).toBeDefined();
    expect(isRfcCheckDigitValid(`${body}A`)).toBe(true);
  });
});

describe('NSS check digit (Luhn)', () => {
  it('accepts a correct number and refuses a mistyped one', () => {
    expect(nssCheckDigit('1205851234')).toBe('9');
    expect(isNssCheckDigitValid('12058512349')).toBe(true);
    expect(isNssCheckDigitValid('12058512340')).toBe(false);
    expect(isNssCheckDigitValid('12058521349')).toBe(false);
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
