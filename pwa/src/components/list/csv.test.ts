import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../../../../couch-design/testing/answers';
import { csvCell, csvFileName, toCsv, type CsvColumn } from './csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expectAnswers(csvCell, [
      ['simple', 'simple'],
      ['a, b', '"a, b"'],
      ['dijo "hola"', '"dijo ""hola"""'],
      ['línea\notra', '"línea\notra"'],
      ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
      ['+52 55', "'+52 55"],
      ['-', '-'],
    ]);
  });

  it('writes one cell per column definition, in their order', () => {
    const columns: CsvColumn<{ n: number; who: string }>[] = [
      { header: 'Nombre', value: (r) => r.who },
      { header: 'Número', value: (r) => String(r.n) },
    ];
    expect(toCsv(columns, [{ n: 1, who: 'Ana, la de Peña' }])).toBe('\uFEFFNombre,Número\r\n"Ana, la de Peña",1\r\n');
  });

  it('names the file after its list and the day in Mexico', () => {
    expect(csvFileName('empleados', new Date('2025-03-15T05:00:00Z'), false)).toBe('empleados_2025-03-14.csv');
    expect(csvFileName('empleados', new Date('2025-03-15T18:00:00Z'), true)).toBe('empleados_busqueda_2025-03-15.csv');
  });
});
