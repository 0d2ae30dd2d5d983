/**
 * The visitas database: showings of a captación's property, recorded by its advisers on the
 * device, offline included. A child of captación (couch-design/child-entity.ts): whoever reads the
 * captación reads its visits, whoever may edit it records and edits them, and its deletion deletes
 * them; nothing else is declared here.
 */
import { CAPTACION } from '../captacion/entity';
import { declareChildEntity } from '../child-entity';

export const VISITA_AJENA = 'Solo quien puede editar la captación puede registrar o modificar sus visitas.';

export const VISITA = declareChildEntity({
  database: 'visitas',
  docType: 'visita',
  names: { one: 'visita', many: 'visitas' },
  parent: CAPTACION,
  field: 'captacionId',
  refused: VISITA_AJENA,
  loadSchema: () => import('./schema').then((m) => m.visitaSchema),
  invalid: 'La visita no es válida: ',
});
