import { describe, expect, it } from 'vitest';
import { sampleCaptacionForm } from '../../../../../couch-design/captacion/fixtures';
import { jsonEqual } from '../../../components/form';
import { normalizeFormValues } from './normalize';

describe('unsaved-changes check', () => {
  it('a stored record read back into the form is not a change', () => {
    const form = sampleCaptacionForm();
    expect(jsonEqual(normalizeFormValues(JSON.parse(JSON.stringify(form))), form)).toBe(true);
  });
});

describe('drafts from older versions of the form', () => {
  it('are completed with every field of the current shape', () => {
    const restored = normalizeFormValues({ propietario: { nombre: 'Ana' }, venta: { en_venta: true } });
    expect(restored.propietario.nombre).toBe('Ana');
    expect(restored.propietario.telefono).toBe('');
    expect(restored.venta.en_venta).toBe(true);
    expect(restored.documentacion.ine).toBe(false);
    expect(restored.propiedad.caracteristicas.m2_terreno).toBe('');
    expect(restored.referencias_personales).toEqual([]);
  });
});
