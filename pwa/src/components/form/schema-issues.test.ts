import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { schemaIssues } from './schema-issues';

const schema = yup.object({
  nombre: yup.string().trim().required('Falta el nombre'),
  telefono: yup.string().matches(/^\d{10}$/, { message: 'Diez dígitos', excludeEmptyString: true }),
  correo: yup.string().required('Falta el correo').email('Correo no válido'),
});

describe('schemaIssues', () => {
  it('answers every problem at once, in the order of the fields', () => {
    expect(schemaIssues(schema, { correo: 'x', telefono: '12', nombre: '  ' })).toEqual([
      { param: 'nombre', msg: 'Falta el nombre' },
      { param: 'telefono', msg: 'Diez dígitos' },
      { param: 'correo', msg: 'Correo no válido' },
    ]);
  });

  it('answers nothing for valid values, after the schema transforms them', () => {
    expect(schemaIssues(schema, { nombre: ' Ana ', telefono: '', correo: 'ana@ejemplo.mx' })).toEqual([]);
  });
});
