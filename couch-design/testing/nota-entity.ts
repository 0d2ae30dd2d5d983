/**
 * A throw-away child entity for the test that follows the recipe "Una entidad hija"
 * (docs/architecture.md, sección 2; sync-server/src/new-child-entity.test.ts): a `nota` on a
 * captación. This declaration and its schema (nota-schema.ts) are all the test adds.
 */
import { CAPTACION } from '../captacion/entity';
import { declareChildEntity } from '../child-entity';

export const NOTA_AJENA = 'Solo quien puede editar la captación puede escribir sus notas.';

export const NOTA = declareChildEntity({
  database: 'notas',
  docType: 'nota',
  names: { one: 'nota', many: 'notas' },
  parent: CAPTACION,
  field: 'captacionId',
  refused: NOTA_AJENA,
  loadSchema: () => import('./nota-schema').then((m) => m.notaSchema),
  invalid: 'La nota no es válida: ',
});
