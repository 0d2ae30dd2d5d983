import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from './fixtures';
import { serverStamp, stampCaptacion } from './stamp';

const ana = { nombre: 'Ana López', email: 'ana@ejemplo.mx' };
const NOW = '2026-05-10T18:00:00.000Z';
const BASE_AT = '2026-05-01T12:00:00.000Z';

/** A revision the server holds: created by Ana through REST on May 1st. */
const base = () => stampCaptacion({ ...sampleCaptacion(), _id: 'c1', _rev: '1-a' }, null, ana, BASE_AT, BASE_AT);
/** What Ana's device saves on top of `prev` at `at` (her clock). */
const deviceSave = <T extends object>(prev: T, at: string, estatus = 'En venta') => stampCaptacion({ ...prev, estatus_actual: estatus }, prev, ana, at);

describe('stampCaptacion (each save, on the device and in REST)', () => {
  it('stamps the editor, the edit time and one history entry; recibido only when given', () => {
    const d = deviceSave(base(), '2026-05-03T09:00:00.000Z');
    expect(d.ultima_actualizacion).toEqual({ usuario: { nombre: 'Ana López', avatar: '' }, fecha: '2026-05-03T09:00:00.000Z' });
    expect(d.historial_estatus).toHaveLength(2);
    expect(d.historial_estatus[1]).toEqual({ usuario: ana, fecha: '2026-05-03T09:00:00.000Z', estatus: 'En venta' });
    expect(base().ultima_actualizacion).toMatchObject({ recibido: BASE_AT });
  });

  it('keeps the capture date, or dates an undated record at the edit time', () => {
    expect(deviceSave(base(), '2026-05-03T09:00:00.000Z').captacion.fecha).toBe(sampleCaptacion().captacion.fecha);
    const undated = stampCaptacion(sampleCaptacion({ captacion: { fecha: '' } }), null, ana, '2026-05-03T09:00:00.000Z');
    expect(undated.captacion.fecha).toBe('2026-05-03T09:00:00.000Z');
  });
});

describe('serverStamp (the gateway checks a pushed stamp)', () => {
  it('keeps the time the person saved offline and writes the receipt time beside it', () => {
    const pushed = deviceSave(base(), '2026-05-09T15:52:00.000Z');
    const s = serverStamp(pushed, base(), ana, NOW);
    expect(s.ultima_actualizacion).toEqual({ usuario: { nombre: 'Ana López', avatar: '' }, fecha: '2026-05-09T15:52:00.000Z', recibido: NOW });
    expect(s.historial_estatus).toEqual([...base().historial_estatus, { usuario: ana, fecha: '2026-05-09T15:52:00.000Z', estatus: 'En venta' }]);
  });

  it('clamps a device clock ahead of the server to the server’s now', () => {
    const s = serverStamp(deviceSave(base(), '2027-01-01T00:00:00.000Z'), base(), ana, NOW);
    expect(s.ultima_actualizacion).toMatchObject({ fecha: NOW, recibido: NOW });
    expect(s.historial_estatus.at(-1)).toMatchObject({ fecha: NOW });
  });

  it('never dates an edit before the revision it was made on', () => {
    const s = serverStamp(deviceSave(base(), '2020-01-01T00:00:00.000Z'), base(), ana, NOW);
    expect(s.ultima_actualizacion).toMatchObject({ fecha: BASE_AT });
    expect(s.historial_estatus.at(-1)).toMatchObject({ fecha: BASE_AT });
  });

  it('uses the server’s now for a missing, invalid or copied stamp', () => {
    const b = base();
    for (const ua of [undefined, null, { fecha: 'ayer' }, { fecha: '2026-02-30T10:00:00Z' }, { fecha: { $gt: '' } }, b.ultima_actualizacion]) {
      const s = serverStamp({ ...b, ultima_actualizacion: ua, estatus_actual: 'Vendida' }, b, ana, NOW);
      expect(s.ultima_actualizacion).toMatchObject({ fecha: NOW, recibido: NOW });
      expect(s.historial_estatus).toHaveLength(2);
      expect(s.historial_estatus[1]).toEqual({ usuario: ana, fecha: NOW, estatus: 'Vendida' });
    }
  });

  it('accepts several offline saves as several history entries', () => {
    const first = deviceSave(base(), '2026-05-08T10:00:00.000Z', 'En trámite legal');
    const second = deviceSave(first, '2026-05-08T11:30:00.000Z', 'En venta');
    const s = serverStamp(second, base(), ana, NOW);
    expect(s.historial_estatus.map((h) => h.estatus)).toEqual(['Captación', 'En trámite legal', 'En venta']);
    expect(s.historial_estatus.map((h) => h.fecha)).toEqual([BASE_AT, '2026-05-08T10:00:00.000Z', '2026-05-08T11:30:00.000Z']);
    expect(s.ultima_actualizacion).toMatchObject({ fecha: '2026-05-08T11:30:00.000Z' });
  });

  it('never trusts a forged name: the session’s is written, and foreign or rewritten entries are rebuilt', () => {
    const pushed = deviceSave(base(), '2026-05-09T15:52:00.000Z');
    const forgedName = serverStamp({ ...pushed, ultima_actualizacion: { ...pushed.ultima_actualizacion, usuario: { nombre: 'Director General' } } }, base(), ana, NOW);
    expect(forgedName.ultima_actualizacion).toMatchObject({ usuario: { nombre: 'Ana López', avatar: '' } });

    const someoneElse = { ...pushed, historial_estatus: [...base().historial_estatus, { usuario: { nombre: 'Otro', email: 'otro@ejemplo.mx' }, fecha: '2026-05-09T15:52:00.000Z', estatus: 'En venta' }] };
    const rewritten = { ...pushed, historial_estatus: [{ usuario: ana, fecha: '2000-01-01T00:00:00.000Z', estatus: 'Vendida' }, ...pushed.historial_estatus.slice(1)] };
    const extraField = { ...pushed, historial_estatus: [...base().historial_estatus, { ...pushed.historial_estatus[1], nota: 'x'.repeat(100) }] };
    const badDate = { ...pushed, historial_estatus: [...base().historial_estatus, { ...pushed.historial_estatus[1], fecha: 'mañana' }] };
    for (const doc of [someoneElse, rewritten, extraField, badDate]) {
      const s = serverStamp(doc, base(), ana, NOW);
      expect(s.historial_estatus).toEqual([...base().historial_estatus, { usuario: ana, fecha: '2026-05-09T15:52:00.000Z', estatus: 'En venta' }]);
    }
  });

  it('dates a creation at the device’s time, and keeps the server’s name on its entries', () => {
    const created = stampCaptacion({ ...sampleCaptacion(), _id: 'nueva' }, null, { nombre: 'Apodo', email: ana.email }, '2026-05-09T08:00:00.000Z');
    const s = serverStamp(created, null, ana, NOW);
    expect(s.ultima_actualizacion).toEqual({ usuario: { nombre: 'Ana López', avatar: '' }, fecha: '2026-05-09T08:00:00.000Z', recibido: NOW });
    expect(s.historial_estatus).toEqual([{ usuario: ana, fecha: '2026-05-09T08:00:00.000Z', estatus: 'Captación' }]);
  });
});
