import { describe, expect, it } from 'vitest';
import { listUsuarios, matchesUserSearch } from './index';

const ana = { _id: 'u1', prim_nom: 'Ana', apell_pa: 'Núñez', apell_ma: 'Ruiz', email: 'ana@ejemplo.mx', pust: 'Asesora', telefono: '3312345678', role: 'user' };
const beto = { _id: 'u2', prim_nom: 'Beto', apell_pa: 'Díaz', apell_ma: 'Mora', email: 'beto@ejemplo.mx', pust: 'Director', telefono: '5511112222', role: 'administrator' };
const carla = { _id: 'u3', prim_nom: 'Carla', apell_pa: 'Soto', apell_ma: 'Vega', email: 'carla@ejemplo.mx', pust: 'Ayudante', telefono: '8100000000', role: 'ayudante de administrador' };
const abel = { _id: 'u4', prim_nom: 'Abel', apell_pa: 'Luna', apell_ma: 'Paz', email: 'abel@ejemplo.mx', pust: 'Obra', telefono: '2220000000', role: 'supervisor de obra' };

describe('users search (spec 000 section 5)', () => {
  it('matches anywhere in the full name, e-mail, position, phone or role, ignoring case and accents', () => {
    expect(matchesUserSearch(ana, 'nuñez')).toBe(true);
    expect(matchesUserSearch(ana, 'ANA NUNEZ RUIZ')).toBe(true);
    expect(matchesUserSearch(ana, 'EJEMPLO.MX')).toBe(true);
    expect(matchesUserSearch(ana, 'asesora')).toBe(true);
    expect(matchesUserSearch(ana, '1234')).toBe(true);
    expect(matchesUserSearch(beto, 'administrator')).toBe(true);
    expect(matchesUserSearch(beto, 'administrador')).toBe(true);
    expect(matchesUserSearch(ana, 'director')).toBe(false);
  });

  it('shows everyone for an empty search', () => {
    expect(listUsuarios([ana, beto], '  ')).toHaveLength(2);
    expect(listUsuarios([ana, beto], undefined)).toHaveLength(2);
  });
});

describe('users order (spec 000 section 9)', () => {
  it('puts any role containing admin first, then sorts by first name', () => {
    expect(listUsuarios([ana, abel, beto, carla]).map((u) => u.prim_nom)).toEqual(['Beto', 'Carla', 'Abel', 'Ana']);
  });

  it('filters, then sorts', () => {
    expect(listUsuarios([ana, abel, beto, carla], 'ejemplo').map((u) => u._id)).toEqual(['u2', 'u3', 'u4', 'u1']);
  });
});
