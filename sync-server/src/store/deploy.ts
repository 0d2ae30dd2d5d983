/**
 * Deploys couch-design's design documents at gateway start. Idempotent, so every gateway process
 * may run it: indexes are created only when missing, and a validation design document is written
 * only when its content differs, so a restart adds no revision (and triggers no re-indexing).
 */
import { DATABASES, DESIGN_DOCS, type DatabaseName } from '../../../couch-design/design-docs/index';
import { isConflict, isNotFound, type Store, type StoreDb, type StoreDoc } from './port';

async function putValidation(db: StoreDb, name: DatabaseName): Promise<void> {
  const wanted = DESIGN_DOCS[name].validation;
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

async function deployDatabase(store: Store, name: DatabaseName): Promise<void> {
  const db = await store.db(name);
  for (const index of DESIGN_DOCS[name].indexes) await db.createIndex({ ...index, index: { ...index.index } });
  await putValidation(db, name);
}

export async function deployDesignDocs(store: Store): Promise<void> {
  await Promise.all(DATABASES.map((name) => deployDatabase(store, name)));
}
