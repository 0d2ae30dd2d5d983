import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../../couch-design/captacion/fixtures';
import { formatDateTime } from '../../../../../couch-design/format';
import { captureDate, lastUpdateText, toListRow } from './rows';

describe('list rows', () => {
  it('shows the seven columns of a complete record', () => {
    const row = toListRow({ ...sampleCaptacion({ estatus_actual: 'En trámite legal' }), _id: 'x1' });
    expect(row).toMatchObject({
      id: 'x1',
      propiedad: 'Casa',
      propietario: 'María Guadalupe Hernández Ramírez',
      ubicacion: 'Coyoacán, Ciudad de México',
      ultimaActualizacion: 'Nunca editado',
      estatus: { label: 'En trámite legal', color: 'purple' },
      fecha: '14/03/2025',
      conflicted: false,
    });
  });

  it('uses every fallback text of spec 2.5 on an empty record', () => {
    expect(toListRow({ _id: 'e' })).toMatchObject({
      propiedad: 'No especificado',
      direccion: 'Sin dirección',
      propietario: 'Sin propietario',
      ubicacion: 'No especificado',
      ultimaActualizacion: 'Nunca editado',
      estatus: { label: 'Desconocido', color: 'grey' },
      fecha: 'Fecha desconocida',
    });
  });

  it('colours the status chips as spec section 4 says', () => {
    const color = (estatus: string) => toListRow({ estatus_actual: estatus }).estatus.color;
    expect(color('Captación')).toBe('blue');
    expect(color('En remodelación')).toBe('amber');
    expect(color('En venta')).toBe('green');
    expect(color('Vendida')).toBe('green');
    expect(color('Cancelada')).toBe('red');
    expect(color('Algo raro')).toBe('grey');
    expect(toListRow({ estatus_actual: 'Pendiente' }).estatus).toEqual({ label: 'Pendiente', color: 'grey' });
  });

  it('last update: the gateway stamp, else the last history entry with its user fallback', () => {
    expect(lastUpdateText({ historial_estatus: [{ usuario: { prim_nom: 'Ana', apell_pa: 'Ruiz' }, fecha: '2025-05-02T17:30:00Z' }] })).toBe(
      `Ana Ruiz · ${formatDateTime('2025-05-02T17:30:00Z')}`,
    );
    expect(formatDateTime('2025-05-02T17:30:00Z')).toMatch(/^02\/05\/2025, 11:30/);
    expect(lastUpdateText({ historial_estatus: [{ usuario: {}, fecha: '' }] })).toBe('Sin nombre · Fecha desconocida');
  });

  it('a capture moment is the day it was in Mexico; a plain date is shown as written', () => {
    expect(captureDate('2025-05-01T03:00:00Z')).toBe('30/04/2025');
    expect(captureDate('2025-05-01')).toBe('01/05/2025');
    expect(captureDate('no es fecha')).toBe('Fecha desconocida');
  });

  it('marks conflicted records and keeps pdf_url', () => {
    const row = toListRow({ _id: 'c', _conflicts: ['2-abc'], pdf_url: '/files/c.pdf' });
    expect(row.conflicted).toBe(true);
    expect(row.pdfUrl).toBe('/files/c.pdf');
  });
});
