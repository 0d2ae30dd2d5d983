import { describe, expect, it } from 'vitest';
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
    expect(normalizeEstado('Veracruz de Ignacio de la Llave')).toBe('Veracruz');
    expect(normalizeEstado('MICHOACAN DE OCAMPO')).toBe('Michoacán');
    expect(normalizeEstado('Coahuila de Zaragoza')).toBe('Coahuila');
    expect(normalizeEstado('CDMX')).toBe('Ciudad de México');
    expect(normalizeEstado('Distrito Federal')).toBe('Ciudad de México');
    expect(normalizeEstado('Edo. Mex.')).toBe('Estado de México');
    expect(normalizeEstado('nuevo leon')).toBe('Nuevo León');
    expect(normalizeEstado(' Texas ')).toBe('Texas');
  });
});
