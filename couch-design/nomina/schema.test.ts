import { describe, expect, it } from 'vitest';
import { MSG, SALARIO_MAXIMO, validateNomina } from './index';

const valid = { conceptoDePago: 'Pago quincenal', salario: 15250.5, fecha: '2026-11-15' };

const issuesOf = (input: unknown) => {
  const r = validateNomina(input);
  if (r.ok) throw new Error(`Se esperaba un error y pasó: ${JSON.stringify(r.value)}`);
  return r.issues;
};
const messageFor = (field: string, value: unknown) => issuesOf({ ...valid, [field]: value }).find((i) => i.param === field)?.msg;

describe('payroll schema (spec 000 section 5: salario a number, fecha and concepto required)', () => {
  it('accepts a complete payslip and stores the date ISO', () => {
    expect(validateNomina(valid)).toEqual({ ok: true, value: valid });
    const r = validateNomina({ ...valid, fecha: '15/11/2026' });
    expect(r.ok && r.value.fecha).toBe('2026-11-15');
    const t = validateNomina({ ...valid, fecha: '2026-11-15T08:30:00Z' });
    expect(t.ok && t.value.fecha).toBe('2026-11-15');
  });

  it('reads the salary of a form body (text) as a number', () => {
    const r = validateNomina({ ...valid, salario: ' 15000.75 ' });
    expect(r.ok && r.value.salario).toBe(15000.75);
    const zero = validateNomina({ ...valid, salario: '0' });
    expect(zero.ok && zero.value.salario).toBe(0);
  });

  it('lists every missing field with its message at once', () => {
    expect(issuesOf({})).toEqual([
      { param: 'conceptoDePago', msg: MSG.conceptoRequerido },
      { param: 'salario', msg: MSG.salarioRequerido },
      { param: 'fecha', msg: MSG.fechaRequerida },
    ]);
    expect(MSG.conceptoRequerido).toBe('El concepto de pago es requerido');
    expect(MSG.salarioRequerido).toBe('El salario es requerido');
    expect(MSG.fechaRequerida).toBe('La fecha de pago es requerida');
  });

  it('treats blank text and null as missing', () => {
    expect(messageFor('conceptoDePago', '   ')).toBe(MSG.conceptoRequerido);
    expect(messageFor('salario', '')).toBe(MSG.salarioRequerido);
    expect(messageFor('salario', null)).toBe(MSG.salarioRequerido);
    expect(messageFor('fecha', '')).toBe(MSG.fechaRequerida);
  });

  it('refuses a salary that is not a number', () => {
    for (const v of ['abc', 'NaN', 'Infinity', '1e3', '1,000', '12.5.3', true, [5], { monto: 5 }]) {
      expect(messageFor('salario', v), JSON.stringify(v)).toBe('El salario debe ser un número');
    }
  });

  it('refuses a negative salary, one with centavos beyond two decimals and an absurdly large one', () => {
    expect(messageFor('salario', -1)).toBe('El salario no puede ser negativo');
    expect(messageFor('salario', '-0.01')).toBe(MSG.salarioNegativo);
    expect(messageFor('salario', 100.555)).toBe('El salario admite a lo sumo dos decimales');
    expect(messageFor('salario', SALARIO_MAXIMO + 1)).toBe('El salario no puede ser mayor a $100,000,000.00');
    expect(messageFor('salario', Infinity)).toBe(MSG.salarioMaximo);
    expect(validateNomina({ ...valid, salario: SALARIO_MAXIMO }).ok).toBe(true);
    expect(validateNomina({ ...valid, salario: 0.1 + 0.2 }).ok).toBe(true);
  });

  it('refuses impossible and malformed dates', () => {
    for (const v of ['31/02/2026', '2026-02-30', '29/02/2025', '2026-13-01', '15-11-2026', '2026-11-15basura', 'mañana', 20261115, '01/01/0026', '01/01/2101']) {
      expect(messageFor('fecha', v), String(v)).toBe('La fecha de pago no es válida (use dd/mm/aaaa o aaaa-mm-dd)');
    }
    expect(validateNomina({ ...valid, fecha: '29/02/2028' }).ok).toBe(true);
  });

  it('limits the concept to 500 characters and keeps line breaks', () => {
    expect(messageFor('conceptoDePago', 'x'.repeat(501))).toBe('El concepto de pago no puede exceder 500 caracteres');
    const r = validateNomina({ ...valid, conceptoDePago: 'Sueldo\nBono de puntualidad' });
    expect(r.ok && r.value.conceptoDePago).toBe('Sueldo\nBono de puntualidad');
    expect(messageFor('conceptoDePago', { texto: 'x' })).toBe(MSG.textoInvalido);
  });

  it('accepts a PDF link only to https or to a path of this application', () => {
    expect(validateNomina({ ...valid, url: 'https://archivo.ejemplo.mx/n.pdf' }).ok).toBe(true);
    expect(validateNomina({ ...valid, url: '/api/nominas-api/descargar/n1' }).ok).toBe(true);
    expect(validateNomina({ ...valid, url: '  /api/nominas-api/descargar/n1\n' }).ok).toBe(true);
    for (const v of ['javascript:alert(1)', '//otro.sitio/x.pdf', 'data:text/html,hola', 'ftp://x/y', 'http://archivo.ejemplo.mx/n.pdf', 'https:otro.sitio']) {
      expect(messageFor('url', v), v).toBe(MSG.urlInvalida);
    }
  });

  it('refuses a path that a browser turns into another site once it strips tabs and line breaks', () => {
    for (const v of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/\\evil.example', '/\u0000/evil.example', 'https://ok.mx/\tx', 'java\tscript:alert(1)']) {
      expect(messageFor('url', v), JSON.stringify(v)).toBe(MSG.urlInvalida);
    }
  });

  it('drops unknown fields (type, _id, password_hash...) instead of storing them', () => {
    const r = validateNomina({ ...valid, type: 'usuario', _id: '_design/x', password_hash: 'x', role: 'administrator' });
    expect(r).toEqual({ ok: true, value: valid });
  });

  it('refuses a body that is not an object', () => {
    for (const v of [null, 'texto', 42, [valid]]) expect(validateNomina(v).ok, JSON.stringify(v)).toBe(false);
  });
});
