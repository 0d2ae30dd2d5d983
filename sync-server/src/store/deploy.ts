/**
 * Deploys couch-design's design documents at gateway start. Idempotent, so every gateway process
 * may run it: indexes are created only when missing, retired ones deleted only when present, and a
 * validation design document is written only when its content differs, so a restart adds no
 * revision (and triggers no re-indexing).
 */
import { DESIGN_DOCS, type DatabaseDesign } from '../../../couch-design/design-docs/index';
import { isConflict, isNotFound, StoreError, type MangoIndex, type Store, type StoreDb, type StoreDoc } from './port';

/** Each database's design documents, by name: every declared entity's (couch-design/entities.ts) unless told. */
type Design = Readonly<Record<string, DatabaseDesign>>;

async function putValidation(db: StoreDb, wanted: DatabaseDesign['validation']): Promise<void> {
  let current: StoreDoc | null = null;
  try {
    current = await db.get(wanted._id);
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  if (current && current.language === wanted.language && current.validate_doc_update === wanted.validate_doc_update) return;
  try {
    await db.put(current?._rev ? { ...wanted, _rev: current._rev } : { ...wanted });
  } catch (e) {
    // Another gateway process deployed the same document at the same moment.
    if (!isConflict(e)) throw e;
  }
}

/** Deletes an index design document this version no longer deploys; gone already is fine. */
async function retire(db: StoreDb, ddoc: string): Promise<void> {
  try {
    const current = await db.get(`_design/${ddoc}`);
    await db.remove(current._id, current._rev!);
  } catch (e) {
    // Never deployed, or another gateway process retired it at the same moment.
    if (!isNotFound(e) && !isConflict(e)) throw e;
  }
}

/**
 * CouchDB answers 500 `error_saving_ddoc` (or a conflict) to one of two gateways that create the
 * same index at the same moment: the other's is there, or will be on the next try.
 */
async function createIndex(db: StoreDb, index: MangoIndex): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.createIndex(index);
    } catch (e) {
      const racing = isConflict(e) || (e instanceof StoreError && e.error === 'error_saving_ddoc');
      if (!racing || attempt >= 5) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function deployDatabase(store: Store, name: string, design: DatabaseDesign): Promise<void> {
  const db = await store.db(name);
  for (const index of design.indexes) await createIndex(db, { ...index, index: { ...index.index } });
  for (const ddoc of design.retired) await retire(db, ddoc);
  await putValidation(db, design.validation);
}

export async function deployDesignDocs(store: Store, design: Design = DESIGN_DOCS): Promise<void> {
  await Promise.all(Object.entries(design).map(([name, d]) => deployDatabase(store, name, d)));
}

/**
 * Brings every index up to date with one tiny query each. Both CouchDB and PouchDB build an index
 * lazily, on the first query that uses it; after a bulk import that first list request would pay
 * the whole build (seconds per 10,000 documents). Meant to run in the background after deploy.
 */
export async function warmIndexes(store: Store, design: Design = DESIGN_DOCS): Promise<void> {
  for (const [name, { indexes }] of Object.entries(design)) {
    const db = await store.db(name);
    for (const { ddoc, name: indexName, index } of indexes) {
      // `$exists` on every field keeps the query on the index, so limit 1 reads one row. Not
      // `$gt: null`: pouchdb-find throws a TypeError on it as soon as one document lacks the field.
      const selector = Object.fromEntries(index.fields.map((f) => [typeof f === 'string' ? f : Object.keys(f)[0], { $exists: true }]));
      await db.find({ selector, use_index: [ddoc, indexName], limit: 1, fields: ['_id'] });
    }
  }
}
