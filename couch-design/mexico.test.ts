import { describe, expect, it } from 'vitest';
import { expectAnswers } from './testing/answers';
import { ESTADOS_MEXICO, isEstadoMexico, normalizeEstado } from './mexico';

describe('Mexican states', () => {
  it('lists the 32 federal entities once each, in Spanish alphabetical order', () => {
    expect(ESTADOS_MEXICO).toHaveLength(32);
    expect(new Set(ESTADOS_MEXICO).size).toBe(32);
    expect([...ESTADOS_MEXICO].sort((a, b) => a.localeCompare(b, 'es'))).toEqual([...ESTADOS_MEXICO]);
    for (const e of ['Aguascalientes', 'Ciudad de México', 'Coahuila', 'Estado de México', 'Michoacán', 'Veracruz', 'Zacatecas']) {
      expect(isEstadoMexico(e)).toBe(true);
    }
    expect(isEstadoMexico('Distrito Federal')).toBe(false);
  });

  it('maps official long names, old names and abbreviations onto the list', () => {
    expectAnswers(normalizeEstado, [
      ['Veracruz de Ignacio de la Llave', 'Veracruz'],
      ['MICHOACAN DE OCAMPO', 'Michoacán'],
      ['Coahuila de Zaragoza', 'Coahuila'],
      ['CDMX', 'Ciudad de México'],
      ['Distrito Federal', 'Ciudad de México'],
      ['Edo. Mex.', 'Estado de México'],
      ['nuevo leon', 'Nuevo León'],
      [' Texas ', 'Texas'],
    ]);
  });
});
