import { describe, expect, it } from 'vitest';
import { formToDoc } from './convert';
import { sampleCaptacion, sampleVenta } from './fixtures';
import { printedRows, type ValueWriter } from './rows';

/** Writes each value with its kind, to read what the declaration hands a writer. */
const TAGGED: ValueWriter = {
  text: (v) => `text:${String(v)}`,
  number: (v, unit) => `number:${String(v)}${unit ? ` ${unit}` : ''}`,
  money: (v) => `money:${String(v)}`,
  date: (v) => `date:${String(v)}`,
  yesNo: (v) => `yesNo:${String(v)}`,
};

describe('the captación rows', () => {
  it('lists a section with its printed labels, in the order of the detail and the PDF', () => {
    expect(printedRows(sampleCaptacion(), 'datos_laborales', TAGGED)).toEqual([
      ['Empresa', 'text:Grupo Industrial del Valle, S.A. de C.V.'],
      ['Puesto', 'text:Analista contable'],
      ['Área', 'text:Contabilidad'],
      ['Turno', 'text:Matutino'],
      ['Antigüedad', 'number:7 años'],
      ['Ingresos mensuales', 'money:28500'],
      ['Teléfono del trabajo', 'text:5556781234'],
      ['Dirección del trabajo', 'text:Calz. de Tlalpan 2980, Col. Espartaco, Coyoacán, Ciudad de México, C.P. 04870'],
      ['Registro patronal', 'text:Y5412345108'],
    ]);
  });

  it('gives the sale details only while the property is on sale', () => {
    expect(printedRows(sampleCaptacion(), 'venta', TAGGED)).toEqual([['En venta', 'yesNo:false']]);
    const onSale = printedRows(sampleCaptacion({ venta: sampleVenta() }), 'venta', TAGGED).map(([label]) => label);
    expect(onSale).toEqual([
      'En venta', 'Precio de venta', 'Comisión de venta', 'Fecha de venta', 'Estatus de venta', 'Tipo de crédito', 'Observaciones',
      'Comprador', 'Teléfono del comprador', 'Correo del comprador', 'Dirección del comprador', 'Contrato', 'Identificación', 'Constancia de crédito',
    ]);
  });

  it('reads the address as one line, a year without separator, and a unit only for a number', () => {
    const legacy = formToDoc({ propiedad: { caracteristicas: { año_construccion: 1998, m2_terreno: 'mucho' } } });
    const rows = Object.fromEntries(printedRows(legacy, 'propiedad', TAGGED));
    expect(rows['Dirección']).toBe('text:');
    expect(rows['Año de construcción']).toBe('text:1998');
    // A legacy text where a number belongs keeps the unit, so the writer can say it is no number.
    expect(rows['Terreno']).toBe('number:mucho m²');
    expect(Object.fromEntries(printedRows(formToDoc({ datos_laborales: { antiguedad: 1 } }), 'datos_laborales', TAGGED))['Antigüedad']).toBe('number:1 año');
  });
});
