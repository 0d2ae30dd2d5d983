/**
 * A throw-away entity for the test that follows docs/architecture.md section 2's recipe "Una entidad
 * sincronizada nueva" (sync-server/src/new-entity.test.ts): a `tarea` is assigned to one person,
 * who alone reads it and writes it from their devices. Its declaration is all the test adds.
 */
import { declareEntity, mangoIndex } from '../entity';
import type { ScopeUser } from '../scope';
import { refusal, type WritePolicy } from '../write-policy';

export const TAREAS_BY_ASIGNADO = mangoIndex('tareas-asignado', ['asignado']);

export const TAREA_AJENA = 'Solo puedes escribir tus propias tareas.';

const mine = (user: ScopeUser, doc: { type?: unknown; asignado?: unknown } | null | undefined): boolean =>
  !!doc && doc.type === 'tarea' && doc.asignado === user.id;

const tareaWritePolicy: WritePolicy = {
  decide({ doc }, { winner }, user) {
    // A deletion keeps its owner field (docs/architecture.md section 4), so the selector still sees it.
    const asignado = doc._deleted === true ? (winner?.asignado ?? doc.asignado) : doc.asignado;
    if (asignado !== user.id) return refusal(403, TAREA_AJENA);
    return { ok: true, doc: { ...doc, type: 'tarea', asignado } };
  },
};

export const TAREA = declareEntity({
  database: 'tareas',
  docTypes: ['tarea'],
  names: { one: 'tarea', many: 'tareas' },
  indexes: [TAREAS_BY_ASIGNADO],
  sync: {
    scope: { selector: (user) => ({ type: 'tarea', asignado: user.id }), inScope: mine, wholeDatabase: () => false },
    loadWritePolicy: () => Promise.resolve(tareaWritePolicy),
    device: { pushed: true },
  },
});
