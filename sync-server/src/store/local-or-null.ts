import { isNotFound, type StoreDb, type StoreDoc } from './port';

/** The `_local` document `id` of this database, or null when there is none. */
export async function localOrNull(db: StoreDb, id: string): Promise<StoreDoc | null> {
  try {
    return await db.getLocal(id);
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}
