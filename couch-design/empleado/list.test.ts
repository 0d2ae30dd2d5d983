import { describe, expect, it } from 'vitest';
import { listEmpleados, matchesEmpleadoSearch } from './index';

const jorge = { _id: 'e1', prim_nom: 'Jorge', apell_pa: 'Hernández', apell_ma: 'Vega', email: 'jorge@ejemplo.mx', pust: 'Auxiliar', telefono: '5523456789', estado: 'Activo', salario: 14500 };
const carmen = { _id: 'e2', prim_nom: 'Carmen', apell_pa: 'Ruiz', apell_ma: 'Delgado', email: 'carmen@ejemplo.mx', pust: 'Recepcionista', telefono: '2221234567', estado: 'Inactivo', salario: 11000 };
const maria = { _id: 'e3', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez', pust: 'Asesora', telefono: '3312345678', estado: 'Activo', salario: 18500.5 };

describe('employees search (spec 000 section 5)', () => {
  it('matches the full name, e-mail, position, phone, estado and salary, ignoring case and accents', () => {
    expect(matchesEmpleadoSearch(jorge, 'hernandez vega')).toBe(true);
    expect(matchesEmpleadoSearch(jorge, 'JORGE@')).toBe(true);
    expect(matchesEmpleadoSearch(carmen, 'recepcion')).toBe(true);
    expect(matchesEmpleadoSearch(carmen, '222123')).toBe(true);
    expect(matchesEmpleadoSearch(carmen, 'inactivo')).toBe(true);
    expect(matchesEmpleadoSearch(jorge, 'inactivo')).toBe(false);
    expect(matchesEmpleadoSearch(jorge, '14500')).toBe(true);
    expect(matchesEmpleadoSearch(maria, '$18,500.50')).toBe(true);
    expect(matchesEmpleadoSearch(maria, 'maria lopez')).toBe(true);
  });

  it('shows everyone for an empty search', () => {
    expect(listEmpleados([jorge, carmen, maria], '')).toHaveLength(3);
  });
});

describe('employees order (spec 000 section 9)', () => {
  it("puts 'Activo' first, then sorts by first name", () => {
    expect(listEmpleados([carmen, maria, jorge]).map((e) => e.prim_nom)).toEqual(['Jorge', 'María', 'Carmen']);
  });
});
