import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { compareByName, fullName, isBlank, matchesSearch, newestFirst, searchText, yupIssues } from './index';

describe('shared helpers', () => {
  it('blank means undefined, null or only spaces; zero and false are values', () => {
    expect([undefined, null, '', '   '].every(isBlank)).toBe(true);
    expect([0, false, 'a', ' x '].some(isBlank)).toBe(false);
  });

  it('names a person by the parts present, in the order of the specification', () => {
    expect(fullName({ prim_nom: ' Ana ', segun_nom: '', apell_pa: 'López', apell_ma: 'Ruiz' })).toBe('Ana López Ruiz');
    expect(fullName({ prim_nom: 7 })).toBe('');
    expect(fullName(null)).toBe('');
  });

  it('orders people by first name regardless of accents and case, then by the rest of the name', () => {
    const people = [
      { _id: '3', prim_nom: 'Óscar', apell_pa: 'Zea' },
      { _id: '2', prim_nom: 'ana', apell_pa: 'Zapata' },
      { _id: '1', prim_nom: 'Ana', apell_pa: 'Álvarez' },
    ];
    expect([...people].sort(compareByName).map((p) => p._id)).toEqual(['1', '2', '3']);
  });

  it('searches every word in any field, folded, never across two fields', () => {
    const text = searchText(['José Núñez', 'Calle 5', 42]);
    expect(matchesSearch(() => text, 'nunez JOSE')).toBe(true);
    expect(matchesSearch(() => text, '42')).toBe(true);
    expect(matchesSearch(() => text, 'nunez calle')).toBe(true);
    expect(matchesSearch(() => text, 'nunezcalle')).toBe(false);
    expect(matchesSearch(() => text, '   ')).toBe(true);
  });

  it('lists newest first, undated last, ties by id in the direction asked', () => {
    const items = [
      { id: 'b', at: '2025-01-01' },
      { id: 'x', at: null },
      { id: 'c', at: '2025-03-01' },
      { id: 'a', at: '2025-01-01' },
    ];
    const desc = newestFirst((i: (typeof items)[number]) => i.at, { id: (i) => i.id, ties: 'descending' });
    const asc = newestFirst((i: (typeof items)[number]) => i.at, { id: (i) => i.id, ties: 'ascending' });
    expect([...items].sort(desc).map((i) => i.id)).toEqual(['c', 'b', 'a', 'x']);
    expect([...items].sort(asc).map((i) => i.id)).toEqual(['c', 'a', 'b', 'x']);
  });

  it('turns every broken rule of a Yup validation into {param, msg}, in the order Yup found them', () => {
    const schema = yup.object({
      nombre: yup.string().required('El nombre es requerido'),
      telefonos: yup.array(yup.string().matches(/^\d{10}$/, 'El teléfono debe contener exactamente 10 dígitos numéricos')),
    });
    const thrown = (run: () => unknown): unknown => {
      try {
        run();
      } catch (e) {
        return e;
      }
      throw new Error('the validation passed');
    };
    expect(yupIssues(thrown(() => schema.validateSync({ telefonos: ['5512345678', '12'] }, { abortEarly: false })))).toEqual([
      { param: 'nombre', msg: 'El nombre es requerido' },
      { param: 'telefonos[1]', msg: 'El teléfono debe contener exactamente 10 dígitos numéricos' },
    ]);
    // Stopped at the first problem, Yup throws it with no inner list: still one issue, with its field.
    expect(yupIssues(thrown(() => schema.validateSync({})))).toEqual([{ param: 'nombre', msg: 'El nombre es requerido' }]);
    // A value that is no object at all: the problem is of the whole, with no field.
    expect(yupIssues(thrown(() => yup.string().strict().required('Falta el texto').validateSync(undefined)))).toEqual([{ param: '', msg: 'Falta el texto' }]);
  });

  it('throws again what is no validation error: a fault of the code is never shown as a field problem', () => {
    const fault = new TypeError('x is undefined');
    expect(() => yupIssues(fault)).toThrow(fault);
  });
});
