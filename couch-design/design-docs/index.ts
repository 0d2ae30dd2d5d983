/**
 * CouchDB design documents of every database, derived from the entities' declarations
 * (couch-design/entities.ts). The gateway deploys them at start (sync-server/src/store/deploy.ts);
 * the browser may import the names and sort orders, so nothing here touches Node.
 */
import { ENTITIES, type DatabaseName } from '../entities';
import type { EntityDeclaration, MangoIndexDef } from '../entity';

export type { DatabaseName } from '../entities';
export type { MangoIndexDef } from '../entity';
export { CAPTACIONES_BY_FECHA, CAPTACIONES_BY_ASESOR_FECHA } from '../captacion/entity';
export { NOMINAS_BY_EMPLEADO_FECHA, NOMINAS_BY_EMPLEADO } from '../nomina/entity';
export { USUARIOS_BY_EMAIL, USUARIOS_BY_EMPLEADO } from '../usuario/entity';
export { EMPLEADOS_BY_USER } from '../empleado/entity';
export { SESIONES_BY_EXPIRES, SESIONES_BY_USER } from '../sesion/entity';

/** Every database, in the order of the declarations (couch-design/entities.ts). */
export const DATABASES: readonly DatabaseName[] = ENTITIES.map((e) => e.database);

const byDatabase = <T>(pick: (e: (typeof ENTITIES)[number]) => T): Record<DatabaseName, T> =>
  Object.fromEntries(ENTITIES.map((e) => [e.database, pick(e)])) as Record<DatabaseName, T>;

/** The `type` values each database accepts; `validate_doc_update` refuses any other. */
export const DOC_TYPES: Record<DatabaseName, readonly string[]> = byDatabase((e) => e.docTypes);

export type MangoSort = Array<string | Record<string, 'asc' | 'desc'>>;

/*
 * Indexes use plain (ascending) fields: Mango walks a JSON index backwards for a `desc` sort as
 * long as every sort field has the same direction and the sort fields are a prefix of the index
 * fields. That is why the sorts below repeat the leading equality field (`type`, `asesor`,
 * `empleadoId`): CouchDB 3 and PouchDB both accept exactly this form.
 * A JSON index only holds documents that have all its fields, so a captación without
 * `captacion.fecha` would vanish from the list: writers must always store that date.
 * Each index is declared with its entity (couch-design/<entity>/entity.ts).
 */

/*
 * Selectors name every field of their index, the date included (`$gt: null` matches any date).
 * Without that, PouchDB reads every matching row and applies limit/skip in memory: measured here,
 * 2 ms against 2 s for a page of 10 out of 10,000 captaciones. CouchDB reads them the same way.
 * Extra conditions (`$regex` search, ...) may be added with `$and` or extra keys.
 */

/** Newest first, whole list. */
export const CAPTACIONES_FECHA_DESC: MangoSort = [{ type: 'desc' }, { 'captacion.fecha': 'desc' }];
export const captacionesSelector = (): Record<string, unknown> => ({ type: 'captacion', 'captacion.fecha': { $gt: null } });

/** Newest first for one asesor. */
export const CAPTACIONES_ASESOR_FECHA_DESC: MangoSort = [{ 'captacion.asesor': 'desc' }, { 'captacion.fecha': 'desc' }];
export const captacionesDeAsesorSelector = (asesor: string): Record<string, unknown> => ({
  'captacion.asesor': asesor,
  'captacion.fecha': { $gt: null },
});

/** Newest payslip first for one employee. */
export const NOMINAS_EMPLEADO_FECHA_DESC: MangoSort = [{ empleadoId: 'desc' }, { fecha: 'desc' }];
export const nominasDeEmpleadoSelector = (empleadoId: string): Record<string, unknown> => ({ empleadoId, fecha: { $gt: null } });

/** The indexes the gateway deploys in each database. */
export const INDEXES: Record<DatabaseName, readonly MangoIndexDef[]> = byDatabase((e) => e.indexes);

/**
 * Index design documents an earlier version deployed and this one no longer queries: deployment
 * deletes them, so CouchDB's background indexer stops keeping them up to date.
 */
export const RETIRED_INDEX_DDOCS: Record<DatabaseName, readonly string[]> = byDatabase((e) => ('retiredIndexes' in e ? (e.retiredIndexes ?? []) : []));

export const VALIDATION_DDOC_ID = '_design/validation';

export interface ValidationDesignDoc {
  _id: string;
  language: 'javascript';
  validate_doc_update: string;
}

/*
 * ES5 on purpose: CouchDB's JavaScript engine (SpiderMonkey or QuickJS) runs it.
 * Deletions pass so a tombstone never gets stuck; design documents pass so indexes can be deployed.
 */
function validationSource(types: readonly string[]): string {
  return [
    'function (newDoc, oldDoc, userCtx, secObj) {',
    '  if (newDoc._deleted === true) { return; }',
    "  if (newDoc._id.indexOf('_design/') === 0) { return; }",
    `  var allowed = ${JSON.stringify(types)};`,
    "  if (typeof newDoc.type !== 'string' || allowed.indexOf(newDoc.type) === -1) {",
    "    throw({ forbidden: 'Tipo de documento no válido para esta base de datos (se espera: ' + allowed.join(', ') + ').' });",
    '  }',
    '}',
  ].join('\n');
}

export function validationDesignDoc(db: DatabaseName): ValidationDesignDoc {
  return validationFor(DOC_TYPES[db]);
}

const validationFor = (types: readonly string[]): ValidationDesignDoc => ({
  _id: VALIDATION_DDOC_ID,
  language: 'javascript',
  validate_doc_update: validationSource(types),
});

export interface DatabaseDesign {
  indexes: readonly MangoIndexDef[];
  /** Ids (without `_design/`) of index design documents to delete. */
  retired: readonly string[];
  validation: ValidationDesignDoc;
}

/** The design documents of each declared database: its indexes, the retired ones and its validation. */
export function designDocsFor(entities: readonly EntityDeclaration[]): Record<string, DatabaseDesign> {
  return Object.fromEntries(
    entities.map((e) => [e.database, { indexes: e.indexes, retired: e.retiredIndexes ?? [], validation: validationFor(e.docTypes) }]),
  );
}

export const DESIGN_DOCS = designDocsFor(ENTITIES) as Record<DatabaseName, DatabaseDesign>;
