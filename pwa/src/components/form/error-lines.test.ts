import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { errorLines } from './error-lines';

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
