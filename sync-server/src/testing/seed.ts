import type { Store, StoreDoc } from '../store/port';

/** Stores documents straight into a database, as replication or an import would; throws on any refusal. */
export async function seed(store: Store, dbName: string, docs: StoreDoc[]): Promise<void> {
  const db = await store.db(dbName);
  const res = await db.bulkDocs(docs);
  const failed = res.filter((r) => r.error);
  if (failed.length) throw new Error(`Siembra fallida: ${JSON.stringify(failed.slice(0, 3))}`);
}
