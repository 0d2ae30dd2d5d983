/**
 * Changes the server refused for good (`forbidden`: outside the person's scope or rights, or
 * invalid). The sync engine replaces the refused revision on the device by the server's state of
 * the record (sync/refused.ts), so what the person typed lives on only here, on the device, for
 * them to read, copy and dismiss; a scope-change wipe carries it over, a sign-out wipes it.
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
  /**
   * The device holds the server's state of the record again (the refused revision is gone from
   * it). False while that could not be done yet (offline meanwhile): the engine retries.
   */
  settled?: boolean;
}

interface RejectedDoc {
  _id: string;
  _rev?: string;
  items: RejectedChange[];
}

const key = (c: Pick<RejectedChange, 'id' | 'rev'>) => `${c.id}@${c.rev}`;

/** Writes are serialised per database: the engine and the dialog may write at the same moment. */
const queues = new WeakMap<LocalDatabase, Promise<unknown>>();
function serial<T>(db: LocalDatabase, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(db) ?? Promise.resolve()).catch(() => undefined).then(work);
  queues.set(db, next);
  return next;
}

/** `_local` documents emit no change: whoever shows the list or its count listens here. */
const listeners = new Set<() => void>();
export function onRejectedChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed(): void {
  for (const l of [...listeners]) l();
}

async function read(db: LocalDatabase): Promise<RejectedDoc> {
  return (await getOrNull<RejectedDoc>(db, REJECTED_ID)) ?? { _id: REJECTED_ID, items: [] };
}

async function update(db: LocalDatabase, change: (items: Map<string, RejectedChange>) => void): Promise<void> {
  await serial(db, async () => {
    const current = await read(db);
    const items = new Map(current.items.map((c) => [key(c), c]));
    change(items);
    await db.put({ ...current, items: [...items.values()] } as PouchDB.Core.PutDocument<object>);
  });
  changed();
}

export async function listRejectedIn(db: LocalDatabase): Promise<RejectedChange[]> {
  return (await read(db)).items;
}

/** Adds (or replaces, by id and revision) refused changes. */
export async function addRejectedIn(db: LocalDatabase, items: RejectedChange[]): Promise<void> {
  if (!items.length) return;
  await update(db, (all) => {
    for (const item of items) all.set(key(item), { ...all.get(key(item)), ...item });
  });
}

/** The device now holds the server's state of these refused revisions. */
export async function markRejectedSettledIn(db: LocalDatabase, refs: Array<Pick<RejectedChange, 'id' | 'rev'>>): Promise<void> {
  if (!refs.length) return;
  await update(db, (all) => {
    for (const ref of refs) {
      const item = all.get(key(ref));
      if (item) all.set(key(ref), { ...item, settled: true });
    }
  });
}

/** The person dismissed one refused change (by id and revision), every change of a record (id only), or all. */
export async function dismissRejectedIn(db: LocalDatabase, id?: string, rev?: string): Promise<void> {
  if (!(await getOrNull<RejectedDoc>(db, REJECTED_ID))) return;
  await update(db, (all) => {
    for (const [k, c] of all) if (!id || (c.id === id && (!rev || c.rev === rev))) all.delete(k);
  });
}
