import { describe, expect, it } from 'vitest';
import type { Captacion } from '../../../../../couch-design/captacion';
import { sampleCaptacion, sampleVenta } from '../../../../../couch-design/captacion/fixtures';
import { describeSection, versionLabel } from './describe';
import { CONFLICT_SECTIONS, losingRevisions, mergeBySection, sectionDiffers } from './merge';

const base = { ...sampleCaptacion(), _id: 'cap-9', _rev: '3-aaa', captacion: { ...sampleCaptacion().captacion, asesor: 'u-1' } } as Captacion;
const other: Captacion = {
  ...structuredClone(base),
  _rev: '3-bbb',
  propietario: { ...base.propietario, telefono: '5599999999' },
  propiedad: {
    ...base.propiedad,
    caracteristicas: { ...base.propiedad.caracteristicas, m2_construccion: 200 },
    adeudos: [{ tipo: 'Gas', monto: 800, numero_referencia: 'G-1', descripcion: '', estatus: 'Pendiente' }],
  },
  venta: sampleVenta(),
  captacion: { ...base.captacion, asesor: 'u-2' },
};

describe('merge by section', () => {
  it('names the seven sections in tab order', () => {
    expect(CONFLICT_SECTIONS.map((s) => s.label)).toEqual(['Propietario', 'Propiedad', 'Adeudos', 'Datos Laborales', 'Referencias', 'Documentos', 'Venta']);
  });

  it('knows which sections really differ', () => {
    const differing = CONFLICT_SECTIONS.filter((s) => sectionDiffers([base, other], s.key)).map((s) => s.key);
    expect(differing).toEqual(['propietario', 'propiedad', 'adeudos', 'venta']);
  });

  it('with no choice keeps the winner entirely', () => {
    const merged = mergeBySection([base, other], {});
    expect(merged.propietario.telefono).toBe(base.propietario.telefono);
    expect(merged.venta.en_venta).toBe(false);
    expect(merged._rev).toBe('3-aaa');
  });

  it('takes each chosen section whole from its version, the rest from the winner', () => {
    const merged = mergeBySection([{ ...base, _conflicts: ['3-bbb'] }, other], { propietario: 1, adeudos: 1, venta: 1 });
    expect(merged.propietario.telefono).toBe('5599999999');
    expect(merged.propiedad.adeudos).toEqual(other.propiedad.adeudos);
    // Propiedad was not chosen from B: its characteristics stay A's even though the debts came from B.
    expect(merged.propiedad.caracteristicas.m2_construccion).toBe(base.propiedad.caracteristicas.m2_construccion);
    expect(merged.venta).toEqual(sampleVenta());
    // Outside the sections the winner rules: the adviser is not changed by a merge.
    expect(merged.captacion.asesor).toBe('u-1');
    expect(merged._conflicts).toBeUndefined();
  });

  it('propiedad without its debts, and documents as one section', () => {
    const withDocs: Captacion = { ...structuredClone(base), _rev: '3-ccc', documentos_entregados: { ...base.documentos_entregados, predial_pagado: true } };
    const merged = mergeBySection([base, other, withDocs], { propiedad: 1, documentos: 2 });
    expect(merged.propiedad.caracteristicas.m2_construccion).toBe(200);
    expect(merged.propiedad.adeudos).toEqual(base.propiedad.adeudos);
    expect(merged.documentos_entregados.predial_pagado).toBe(true);
  });

  it('does not share objects with the versions (editing the result changes no version)', () => {
    const merged = mergeBySection([base, other], { propietario: 1 });
    merged.propietario.nombre = 'Otro';
    expect(other.propietario.nombre).not.toBe('Otro');
  });

  it('the losing revisions are every version but the winner', () => {
    expect(losingRevisions([base, other])).toEqual(['3-bbb']);
  });

  it('describes a section for side-by-side reading', () => {
    expect(describeSection(other, 'adeudos')).toEqual([{ label: 'Adeudo 1', value: 'Gas · $800.00 · Ref. G-1' }]);
    expect(describeSection(base, 'venta')).toEqual([{ label: 'En venta', value: 'No' }]);
    expect(describeSection(other, 'venta')).toContainEqual({ label: 'Precio de venta', value: '$4,850,000.00' });
    // Every field of the section, as the PDF prints it, so a difference anywhere in it shows on a line.
    expect(describeSection(other, 'venta')).toContainEqual({ label: 'Dirección del comprador', value: 'Av. Río Churubusco 601, Col. Xoco, Benito Juárez, CDMX' });
    expect(describeSection(other, 'propiedad')).toContainEqual({ label: 'Construcción', value: '200 m²' });
    expect(versionLabel(base, 0)).toBe('Versión A · sin registro de edición');
  });
});
