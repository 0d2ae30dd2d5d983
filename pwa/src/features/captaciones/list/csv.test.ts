import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../../couch-design/captacion/fixtures';
import { formatDateTime } from '../../../../../couch-design/format';
import { csvFileName, CSV_HEADERS, rowsToCsv } from './csv';
import { toListRow } from './rows';

describe('CSV export', () => {
  it('is UTF-8 with a byte-order mark, CRLF lines, and the headers first', () => {
    const csv = rowsToCsv([]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe(`${CSV_HEADERS.join(',')}\r\n`);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes what the list shows, with es-MX dates and the fallback texts', () => {
    const doc = {
      ...sampleCaptacion({ captacion: { fecha: '2025-03-14T16:45:00.000Z' }, estatus_actual: 'En venta' }),
      _id: 'cap-1',
      ultima_actualizacion: { usuario: { nombre: 'Laura Gómez' }, fecha: '2025-03-15T18:00:00.000Z' },
    };
    const legacy = { _id: 'cap-2', type: 'captacion', propietario: {}, propiedad: {}, captacion: {} };
    const lines = rowsToCsv([toListRow(doc), toListRow(legacy)]).slice(1).split('\r\n');
    expect(formatDateTime('2025-03-15T18:00:00.000Z')).toMatch(/^15\/03\/2025, 12:00/);
    expect(lines[1]).toBe(
      `cap-1,Casa,"Av. Miguel Ángel de Quevedo 742, Romero de Terreros, Coyoacán, Ciudad de México, C.P. 04310",María Guadalupe Hernández Ramírez,"Coyoacán, Ciudad de México","Laura Gómez · ${formatDateTime('2025-03-15T18:00:00.000Z')}",En venta,14/03/2025`,
    );
    expect(lines[2]).toBe('cap-2,No especificado,Sin dirección,Sin propietario,No especificado,Nunca editado,Desconocido,Fecha desconocida');
    expect(lines[3]).toBe('');
  });

  it('names the file after the day in Mexico', () => {
    expect(csvFileName(new Date('2025-03-15T05:00:00Z'), false)).toBe('captaciones_2025-03-14.csv');
    expect(csvFileName(new Date('2025-03-15T18:00:00Z'), true)).toBe('captaciones_busqueda_2025-03-15.csv');
  });
});
