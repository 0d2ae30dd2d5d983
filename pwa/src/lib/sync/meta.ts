/**
 * What the engine remembers between page loads. As `_local` documents (never replicated, gone
 * with a wipe, which is what they describe): the scope fingerprint the data was pulled with, in
 * the home database, and each pushed database's push checkpoint, in itself. In localStorage:
 * the time of the last successful sync, read synchronously when the top bar first paints.
 */
import { getOrNull, type LocalDatabase } from '../db/pouch';

const SCOPE_ID = '_local/sync-scope';
const PUSH_ID = '_local/sync-push';

const getLocal = <T>(db: LocalDatabase, id: string) => getOrNull<T & { _rev?: string }>(db, id);

async function putLocal(db: LocalDatabase, id: string, fields: Record<string, unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = await getLocal<object>(db, id);
    try {
      await db.put({ _id: id, ...(current?._rev ? { _rev: current._rev } : {}), ...fields });
      return;
    } catch (err) {
      if ((err as { status?: number }).status !== 409 || attempt >= 3) throw err;
    }
  }
}

export async function readScope(db: LocalDatabase): Promise<string | null> {
  return (await getLocal<{ scope: string }>(db, SCOPE_ID))?.scope ?? null;
}

export function writeScope(db: LocalDatabase, scope: string): Promise<void> {
  return putLocal(db, SCOPE_ID, { scope });
}

export async function readPushSeq(db: LocalDatabase): Promise<number> {
  const seq = (await getLocal<{ seq: number }>(db, PUSH_ID))?.seq;
  return typeof seq === 'number' ? seq : 0;
}

export function writePushSeq(db: LocalDatabase, seq: number): Promise<void> {
  return putLocal(db, PUSH_ID, { seq });
}

// --- localStorage (memory when unavailable, e.g. Node tests or privacy mode) --------------

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

const memory = new Map<string, string>();

export const defaultKeyValueStore: KeyValueStore = {
  get(key) {
    try {
      return typeof localStorage === 'undefined' ? (memory.get(key) ?? null) : localStorage.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  set(key, value) {
    try {
      if (typeof localStorage === 'undefined') memory.set(key, value);
      else localStorage.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  remove(key) {
    memory.delete(key);
    try {
      if (typeof localStorage !== 'undefined') localStorage.removeItem(key);
    } catch {
      // storage disabled: the memory copy is gone already
    }
  },
};

export function lastSyncKey(userId: string): string {
  return `inmo_sync_${userId}_ultima`;
}
