/**
 * A `_local` document written once and then read by every gateway (the session secret, a
 * database's instance id). CouchDB does not check revisions on `_local` documents (a second PUT
 * without `_rev` overwrites the first, where PouchDB answers 409), so two gateways starting
 * together could each keep the value they wrote. Each one that writes waits a moment and reads
 * back what is stored, so all of them settle on the last write.
 */
import { isConflict, isNotFound, type StoreDb } from './port';

/** Longer than the gap between two gateways' first read and their write at the same start. */
const SETTLE_MS = 300;

async function stored(db: StoreDb, id: string, field: string): Promise<string | null> {
  try {
    const value = (await db.getLocal(id))[field];
    return typeof value === 'string' && value ? value : null;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

export async function claimLocal(db: StoreDb, id: string, field: string, candidate: () => string): Promise<string> {
  const found = await stored(db, id, field);
  if (found) return found;
  const mine = candidate();
  try {
    await db.putLocal({ _id: id, [field]: mine });
  } catch (e) {
    // PouchDB: another gateway wrote it first.
    if (!isConflict(e)) throw e;
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return (await stored(db, id, field)) ?? mine;
}
