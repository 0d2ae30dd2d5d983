import { describe, expect, it } from 'vitest';
import { compareNominasNewestFirst, conceptoLabel, fechaLabel, filterNominas, hasDateFilter, inDateRange, NOMINAS_DEFAULT_LIMIT, salarioLabel } from './index';

describe('payroll display (spec 000 sections 2 and 9)', () => {
  it("shows 'Sin concepto', 'N/A' and '$0.00' for what is missing", () => {
    expect(conceptoLabel({ conceptoDePago: '  ' })).toBe('Sin concepto');
    expect(conceptoLabel({})).toBe('Sin concepto');
    expect(fechaLabel({})).toBe('N/A');
    expect(fechaLabel({ fecha: '31/02/2026' })).toBe('N/A');
    expect(salarioLabel({})).toBe('$0.00');
  });

  it('shows dates es-MX from either stored form and money in Mexican pesos', () => {
    expect(fechaLabel({ fecha: '2026-11-15' })).toBe('15/11/2026');
    expect(fechaLabel({ fecha: '15/11/2026' })).toBe('15/11/2026');
    expect(salarioLabel({ salario: 15250.5 })).toBe('$15,250.50');
    expect(conceptoLabel({ conceptoDePago: ' Aguinaldo ' })).toBe('Aguinaldo');
  });

  it('asks for 20 payslips by default', () => {
    expect(NOMINAS_DEFAULT_LIMIT).toBe(20);
  });
});

describe("date filters ('Desde' on or after, 'Hasta' on or before)", () => {
  const nominas = [
    { _id: 'a', fecha: '2026-09-15' },
    { _id: 'b', fecha: '30/09/2026' },
    { _id: 'c', fecha: '2026-10-15' },
    { _id: 'd', fecha: '31/10/2026' },
    { _id: 'e' },
  ];
  const ids = (xs: Array<{ _id: string }>) => xs.map((x) => x._id);

  it('keeps the boundary days, in both stored date forms and both filter forms', () => {
    expect(ids(filterNominas(nominas, { desde: '30/09/2026', hasta: '2026-10-15' }))).toEqual(['c', 'b']);
    expect(ids(filterNominas(nominas, { desde: '2026-09-30' }))).toEqual(['d', 'c', 'b']);
    expect(ids(filterNominas(nominas, { hasta: '15/10/2026' }))).toEqual(['c', 'b', 'a']);
  });

  it('without a filter keeps everything, newest first and undated last', () => {
    expect(hasDateFilter({ desde: '', hasta: null })).toBe(false);
    expect(ids(filterNominas(nominas))).toEqual(['d', 'c', 'b', 'a', 'e']);
  });

  it('leaves a payslip without a readable date out of any filtered view', () => {
    expect(inDateRange({ fecha: 'N/A' }, { desde: '2000-01-01' })).toBe(false);
    expect(inDateRange({}, { hasta: '2100-01-01' })).toBe(false);
  });

  it('orders equal dates by id so pages never shuffle', () => {
    const same = [{ _id: 'x1', fecha: '2026-01-15' }, { _id: 'x2', fecha: '15/01/2026' }];
    expect([...same].sort(compareNominasNewestFirst).map((n) => n._id)).toEqual(['x2', 'x1']);
  });
});
