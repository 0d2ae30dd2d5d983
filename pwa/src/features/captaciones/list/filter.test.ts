import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../../couch-design/captacion/fixtures';
import { matchesSearch, sortNewestFirst, visibleCaptaciones } from './filter';

const doc = (id: string, nombre: string, fecha: string, calle = 'Av. Juárez', ciudad = 'Puebla') =>
  ({ ...sampleCaptacion({ propietario: { nombre }, propiedad: { direccion: { calle, ciudad } }, captacion: { fecha } }), _id: id });

describe('search over owner and address', () => {
  const d = doc('c1', 'María Guadalupe Hernández', '2025-01-01T10:00:00Z', 'Calle Ñandú', 'Mérida');

  it('ignores case and accents, both ways', () => {
    expect(matchesSearch(d, 'hernandez')).toBe(true);
    expect(matchesSearch(d, 'MARÍA')).toBe(true);
    expect(matchesSearch(d, 'nandu')).toBe(true);
    expect(matchesSearch(d, 'merida')).toBe(true);
  });

  it('needs every word somewhere (owner and address mixed)', () => {
    expect(matchesSearch(d, 'maria merida')).toBe(true);
    expect(matchesSearch(d, 'maria monterrey')).toBe(false);
  });

  it('an empty or blank search matches everything; regex characters are plain text', () => {
    expect(matchesSearch(d, '   ')).toBe(true);
    expect(matchesSearch(d, '.*')).toBe(false);
    expect(matchesSearch(d, '(')).toBe(false);
  });

  it('finds legacy records by their joined address', () => {
    const legacy = { _id: 'old', propietario: { nombre: 'X' }, propiedad: { direccion: { completa: 'Av. Reforma 222, CDMX' } } };
    expect(matchesSearch(legacy, 'reforma')).toBe(true);
  });

});

describe('order and pages', () => {
  it('sorts newest capture first, undated last, ties by id', () => {
    const list = [
      doc('b', 'B', '2025-01-01T00:00:00Z'),
      doc('none', 'N', ''),
      doc('c', 'C', '2025-03-01T00:00:00Z'),
      doc('a', 'A', '2025-01-01T00:00:00Z'),
    ];
    expect(sortNewestFirst(list).map((d) => d._id)).toEqual(['c', 'a', 'b', 'none']);
  });

  it('search, sort and page together; the export gets every match', () => {
    const list = Array.from({ length: 15 }, (_, i) => doc(`p${i}`, i % 2 ? 'Pedro Impar' : 'Paula Par', `2025-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`));
    const shown = visibleCaptaciones(list, 'paula', 1);
    expect(shown.total).toBe(8);
    expect(shown.pages).toBe(1);
    expect(shown.items[0]._id).toBe('p14');
    expect(shown.matching).toHaveLength(8);
  });
});
