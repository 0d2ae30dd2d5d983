import { describe, expect, it } from 'vitest';
import { toNumber } from '../helpers/numbers';
import { docToForm, formToDoc } from './convert';
import { emptyCaptacion, emptyCaptacionForm } from './defaults';
import { sampleCaptacion, sampleCaptacionForm, sampleVenta } from './fixtures';

describe('defaults (spec 9)', () => {
  it('start a captación Abierta, sale En proceso, status Pendiente, all off and empty', () => {
    const c = emptyCaptacion();
    expect(c.type).toBe('captacion');
    expect(c.captacion.tipo_captacion).toBe('Abierta');
    expect(c.venta.estatus_venta).toBe('En proceso');
    expect(c.estatus_actual).toBe('Pendiente');
    expect(c.venta.en_venta).toBe(false);
    expect(Object.values(c.documentos_entregados).filter((v) => typeof v === 'boolean').every((v) => v === false)).toBe(true);
    expect(c.referencias_personales).toEqual([]);
    expect(c.propiedad.adeudos).toEqual([]);
    expect(c.historial_estatus).toEqual([]);
    expect(c.propiedad.caracteristicas.m2_terreno).toBeNull();
    expect(c.propietario.nombre).toBe('');
    expect(c.tipo_tramite).toBe('');
  });

  it('give the form empty inputs and a documentacion block', () => {
    const f = emptyCaptacionForm();
    expect(f.propiedad.caracteristicas.m2_terreno).toBe('');
    expect(f.venta.precio_venta).toBe('');
    expect(f.documentacion.ine).toBe(false);
    expect('documentos_entregados' in f).toBe(false);
    expect(emptyCaptacion()).not.toBe(emptyCaptacion());
  });
});

describe('formToDoc / docToForm', () => {
  it('sends documentacion as documentos_entregados and removes the old name', () => {
    const form = sampleCaptacionForm();
    form.documentacion.predial_pagado = true;
    const doc = formToDoc(form);
    expect(doc.documentos_entregados.predial_pagado).toBe(true);
    expect('documentacion' in doc).toBe(false);
    expect(doc.type).toBe('captacion');
  });

  it('drops the legacy parentesco of references', () => {
    const form = sampleCaptacionForm() as unknown as Record<string, any>;
    form.referencias_personales[0].parentesco = 'Familiar';
    const doc = formToDoc(form);
    expect(doc.referencias_personales.every((r) => !('parentesco' in r))).toBe(true);
  });

  it('round-trips a record unchanged, keeping id, revision and history', () => {
    const doc = {
      ...sampleCaptacion({ venta: sampleVenta() }),
      _id: 'captacion:01HZX',
      _rev: '3-abc',
      historial_estatus: [{ usuario: { name: 'Laura' }, fecha: '2025-04-01T10:00:00.000Z' }],
      ultima_actualizacion: { usuario: { nombre: 'Laura' }, fecha: '2025-04-01T10:00:00.000Z' },
      captacion: { ...sampleCaptacion().captacion, asesor: 'u7' },
    };
    const form = docToForm(doc);
    expect(form._id).toBe('captacion:01HZX');
    expect(form.documentacion).toEqual(doc.documentos_entregados);
    expect(formToDoc(form)).toEqual(doc);
  });

  it('turns empty numbers into empty inputs and back', () => {
    const doc = sampleCaptacion({ propiedad: { caracteristicas: { cocheras: null } } });
    const form = docToForm(doc);
    expect(form.propiedad.caracteristicas.cocheras).toBe('');
    expect(form.venta.precio_venta).toBe('');
    expect(formToDoc(form).propiedad.caracteristicas.cocheras).toBeNull();
  });

  it('reads legacy records: parentesco, referencia of debts, old credit names, missing blocks', () => {
    const form = docToForm({
      _id: 'old-1',
      propietario: { nombre: 'Rosa Elena Vázquez' },
      propiedad: { adeudos: [{ tipo: 'Gas', monto: 350, referencia: 'GN-77' }] },
      referencias_personales: [{ nombre: 'Luis', parentesco: 'Vecino', telefono: '5511112222' }],
      venta: { tipo_credito: 'Fovissste' },
    });
    expect(form.propiedad.adeudos[0]).toMatchObject({ tipo: 'Gas', monto: 350, numero_referencia: 'GN-77' });
    expect(form.referencias_personales[0].relacion).toBe('Vecino');
    expect(form.venta.tipo_credito).toBe('FOVISSSTE');
    expect(form.datos_laborales.antiguedad).toBe('');
    expect(form.captacion.tipo_captacion).toBe('Abierta');
  });
});

describe('toNumber', () => {
  it('reads inputs and money texts', () => {
    expect(toNumber('120')).toBe(120);
    expect(toNumber(' 1,250,000.50 ')).toBe(1250000.5);
    expect(toNumber('$ 3500')).toBe(3500);
    expect(toNumber('')).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
    expect(toNumber('1,5')).toBe('1,5');
  });
});
