import { describe, expect, it } from 'vitest';
import { fieldId } from './form-ui';

describe('field ids', () => {
  it('are valid, unique ids for nested and list fields', () => {
    expect(fieldId('propietario.nombre')).toBe('f-propietario-nombre');
    expect(fieldId('referencias_personales[1].telefono')).toBe('f-referencias_personales-1-telefono');
  });
});
