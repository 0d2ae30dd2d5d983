/**
 * CouchDB design documents of every database, as plain data.
 * The gateway deploys them at start (sync-server/src/store/deploy.ts); the browser may import the
 * names and sort orders, so nothing here touches Node.
 */

export const DATABASES = ['captaciones', 'nominas', 'usuarios', 'empleados', 'sesiones'] as const;
export type DatabaseName = (typeof DATABASES)[number];

/** The `type` values each database accepts; `validate_doc_update` refuses any other. */
export const DOC_TYPES: Record<DatabaseName, readonly string[]> = {
  captaciones: ['captacion'],
  nominas: ['nomina'],
  usuarios: ['usuario'],
  empleados: ['empleado'],
  // Sign-in attempt counters live beside the sessions so every gateway on the store shares them.
  sesiones: ['sesion', 'intentos_inicio'],
};

/** Same shape as the Store port's MangoIndex (couch-design may not import the gateway). */
export interface MangoIndexDef {
  index: { fields: Array<string | Record<string, 'asc' | 'desc'>>; partial_filter_selector?: Record<string, unknown> };
  ddoc: string;
  name: string;
}

export type MangoSort = Array<string | Record<string, 'asc' | 'desc'>>;

/*
 * Indexes use plain (ascending) fields: Mango walks a JSON index backwards for a `desc` sort as
 * long as every sort field has the same direction and the sort fields are a prefix of the index
 * fields. That is why the sorts below repeat the leading equality field (`type`, `asesor`,
 * `empleadoId`): CouchDB 3 and PouchDB both accept exactly this form.
 * A JSON index only holds documents that have all its fields, so a captación without
 * `captacion.fecha` would vanish from the list: writers must always store that date.
 */

/*
 * The captaciones list indexes serve a device's own database (the PWA creates them locally). The
 * gateway answers its list from an in-memory directory instead (sync-server/src/captaciones/
 * directory.ts), so it deploys neither: on the server they would only cost an index build of
 * minutes at 100,000 documents that no query waits for.
 */
export const CAPTACIONES_BY_FECHA: MangoIndexDef = {
  index: { fields: ['type', 'captacion.fecha'] },
  ddoc: 'idx-captaciones-fecha',
  name: 'captaciones-fecha',
};

export const CAPTACIONES_BY_ASESOR_FECHA: MangoIndexDef = {
  index: { fields: ['captacion.asesor', 'captacion.fecha'] },
  ddoc: 'idx-captaciones-asesor-fecha',
  name: 'captaciones-asesor-fecha',
};

export const NOMINAS_BY_EMPLEADO_FECHA: MangoIndexDef = {
  index: { fields: ['empleadoId', 'fecha'] },
  ddoc: 'idx-nominas-empleado-fecha',
  name: 'nominas-empleado-fecha',
};

/**
 * Every payslip of one employee, dated or not: the REST list filters and orders them in memory
 * with the shared rules, since legacy dates (dd/mm/yyyy) sort wrongly as text and a payslip
 * without a date ('N/A') is in no index that holds `fecha`.
 */
export const NOMINAS_BY_EMPLEADO: MangoIndexDef = {
  index: { fields: ['empleadoId'] },
  ddoc: 'idx-nominas-empleado',
  name: 'nominas-empleado',
};

export const USUARIOS_BY_EMAIL: MangoIndexDef = {
  index: { fields: ['email'] },
  ddoc: 'idx-usuarios-email',
  name: 'usuarios-email',
};

/** Users linked from their side to an employee (the link is checked from both directions). */
export const USUARIOS_BY_EMPLEADO: MangoIndexDef = {
  index: { fields: ['empleado_id'] },
  ddoc: 'idx-usuarios-empleado',
  name: 'usuarios-empleado',
};

export const EMPLEADOS_BY_USER: MangoIndexDef = {
  index: { fields: ['userId'] },
  ddoc: 'idx-empleados-user',
  name: 'empleados-user',
};

export const SESIONES_BY_EXPIRES: MangoIndexDef = {
  index: { fields: ['expires'] },
  ddoc: 'idx-sesiones-expires',
  name: 'sesiones-expires',
};

/** A person's sessions (passport keeps the user id there), so deleting the account ends them all. */
export const SESIONES_BY_USER: MangoIndexDef = {
  index: { fields: ['session.passport.user'] },
  ddoc: 'idx-sesiones-user',
  name: 'sesiones-user',
};

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
export const INDEXES: Record<DatabaseName, readonly MangoIndexDef[]> = {
  captaciones: [],
  nominas: [NOMINAS_BY_EMPLEADO_FECHA, NOMINAS_BY_EMPLEADO],
  usuarios: [USUARIOS_BY_EMAIL, USUARIOS_BY_EMPLEADO],
  empleados: [EMPLEADOS_BY_USER],
  sesiones: [SESIONES_BY_EXPIRES, SESIONES_BY_USER],
};

/**
 * Index design documents an earlier version deployed and this one no longer queries: deployment
 * deletes them, so CouchDB's background indexer stops keeping them up to date.
 */
export const RETIRED_INDEX_DDOCS: Record<DatabaseName, readonly string[]> = {
  captaciones: [CAPTACIONES_BY_FECHA.ddoc, CAPTACIONES_BY_ASESOR_FECHA.ddoc],
  nominas: [],
  usuarios: [],
  empleados: [],
  sesiones: [],
};

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
  return { _id: VALIDATION_DDOC_ID, language: 'javascript', validate_doc_update: validationSource(DOC_TYPES[db]) };
}

export interface DatabaseDesign {
  indexes: readonly MangoIndexDef[];
  /** Ids (without `_design/`) of index design documents to delete. */
  retired: readonly string[];
  validation: ValidationDesignDoc;
}

export const DESIGN_DOCS: Record<DatabaseName, DatabaseDesign> = Object.fromEntries(
  DATABASES.map((db) => [db, { indexes: INDEXES[db], retired: RETIRED_INDEX_DDOCS[db], validation: validationDesignDoc(db) }]),
) as Record<DatabaseName, DatabaseDesign>;
