/**
 * Changes the server refused for good (`forbidden`: outside the person's scope or rights, or
 * invalid). Replication moves past them, so they are kept here, on the device only, for the
 * person to see; a scope-change wipe carries them over.
 */
import { getOrNull, type LocalDatabase } from './pouch';

export const REJECTED_ID = '_local/sync-rechazados';

export interface RejectedChange {
  id: string;
  rev: string;
  /** The server's reason, as it answered it. */
  reason: string;
  at: string;
  /** The refused revision, so its content is not lost. */
  doc?: Record<string, unknown>;
}

interface RejectedDoc {
  _id: string;
  _rev?: string;
  items: RejectedChange[];
}

async function read(db: LocalDatabase): Promise<RejectedDoc> {
  return (await getOrNull<RejectedDoc>(db, REJECTED_ID)) ?? { _id: REJECTED_ID, items: [] };
}

export async function listRejectedIn(db: LocalDatabase): Promise<RejectedChange[]> {
  return (await read(db)).items;
}

export async function addRejectedIn(db: LocalDatabase, items: RejectedChange[]): Promise<void> {
  if (!items.length) return;
  const current = await read(db);
  const key = (c: RejectedChange) => `${c.id}@${c.rev}`;
  const merged = new Map(current.items.map((c) => [key(c), c]));
  for (const item of items) merged.set(key(item), item);
  await db.put({ ...current, items: [...merged.values()] } as PouchDB.Core.PutDocument<object>);
}

export async function dismissRejectedIn(db: LocalDatabase, id?: string): Promise<void> {
  const current = await read(db);
  if (!current._rev) return;
  await db.put({ ...current, items: id ? current.items.filter((c) => c.id !== id) : [] } as PouchDB.Core.PutDocument<object>);
}
