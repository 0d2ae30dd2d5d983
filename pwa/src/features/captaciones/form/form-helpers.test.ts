import { describe, expect, it } from 'vitest';
import { emptyCaptacionForm } from '../../../../../couch-design/captacion';
import { sampleCaptacionForm } from '../../../../../couch-design/captacion/fixtures';
import { ApiError } from '../../../lib/api';
import { errorLines } from '../ui';
import { jsonEqual } from './equal';
import { fieldId } from './form-ui';
import { normalizeFormValues } from './normalize';

describe('unsaved-changes check', () => {
  it('compares JSON values deeply, whatever the key order', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(jsonEqual({ a: '' }, { a: 0 })).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(true);
    expect(jsonEqual(emptyCaptacionForm(), emptyCaptacionForm())).toBe(true);
  });

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

describe('the red banner lines (spec 001 section 8)', () => {
  it("shows a server's list of errors one per line as 'param: msg'", () => {
    const err = new ApiError('Datos inválidos', 400, {
      errors: [
        { param: 'propietario.nombre', msg: 'El nombre del propietario es requerido' },
        { param: 'referencias_personales', msg: 'Se requieren al menos 2 referencias personales' },
      ],
    });
    expect(errorLines(err, 'Error al guardar la captación')).toEqual([
      'propietario.nombre: El nombre del propietario es requerido',
      'referencias_personales: Se requieren al menos 2 referencias personales',
    ]);
  });

  it("else the server's message, else the fallback; local database errors are never shown raw", () => {
    expect(errorLines(new ApiError('La captación no existe', 404), 'Error al actualizar la captación')).toEqual(['La captación no existe']);
    expect(errorLines(Object.assign(new Error('Document update conflict'), { status: 409 }), 'Error al guardar la captación')).toEqual([
      'Error al guardar la captación',
    ]);
    expect(errorLines(undefined, 'Error al actualizar la captación')).toEqual(['Error al actualizar la captación']);
  });
});

describe('field ids', () => {
  it('are valid, unique ids for nested and list fields', () => {
    expect(fieldId('propietario.nombre')).toBe('f-propietario-nombre');
    expect(fieldId('referencias_personales[1].telefono')).toBe('f-referencias_personales-1-telefono');
  });
});
