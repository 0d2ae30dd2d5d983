/**
 * A resource over one of the person's local databases (docs/architecture.md section 5): the records this device
 * holds, which work offline; the sync engine fills them and keeps them fresh while online. The
 * device only ever holds the person's scope (the gateway filters replication), so "every record"
 * here means every record of that scope.
 *
 * Two devices may edit a record offline: PouchDB then keeps every revision until someone picks
 * (a conflict), so a local resource also reads a record with its conflicting revisions, and a
 * writable one deletes every revision and resolves conflicts.
 */
import {
  conflictRevisions,
  isNotFound,
  listConflicts,
  localFindAll,
  localGet,
  localPut,
  localRemove,
  resolveConflict,
  watchLocal,
  type LocalDoc,
  type MangoQuery,
  type SyncedDbName,
} from '../db';
import { EVERY_RECORD, type Resource, type WritableResource } from './resource';

export interface LocalResourceOptions<T> {
  db: SyncedDbName;
  /** The Mango selector of the resource's records, e.g. `{ type: 'nomina' }`. */
  selector: MangoQuery['selector'];
  /** Whether a stored document is one of the records (the selector, checked again on `get`). */
  accepts: (doc: Record<string, unknown>) => boolean;
  /** The order of `list`; stored order (by id) when absent. */
  compare?: (a: T, b: T) => number;
  /**
   * `list` marks the records with conflicting revisions with `_conflicts` (Mango does not report
   * them, as in CouchDB): one more read of the database, for lists that show conflicts.
   */
  markConflicts?: boolean;
}

/** A record with the other revisions a conflict keeps (none when there is no conflict). */
export interface RecordVersions<T> {
  /** The revision PouchDB shows (the deterministic winner). */
  doc: T;
  conflicts: T[];
}

export interface LocalResource<T> extends Resource<T> {
  watch(onChange: (id: string) => void): () => void;
  /** The record with its conflicting revisions; null where `get` answers null. */
  versions(id: string): Promise<RecordVersions<T> | null>;
}

/** A local resource the person writes: changes go up with the next push (pushed databases only). */
export interface WritableLocalResource<T extends object, Input extends object = T> extends LocalResource<T>, Omit<WritableResource<T, Input>, 'watch'> {
  /**
   * Keeps `merged` as the next revision of the current winner and deletes the `losingRevs`;
   * the losing revisions stay stored until then, so nothing is lost before the person picks.
   */
  resolve(id: string, merged: T, losingRevs: string[]): Promise<void>;
}

/** A `watch` over one local database: the id of each changed record, EVERY_RECORD after a wipe. */
export const watchRecords =
  (db: SyncedDbName) =>
  (onChange: (id: string) => void): (() => void) =>
    // A wipe (scope change, e.g. the person linked to another employee) replaced every record.
    watchLocal(db, (event) => onChange(event.kind === 'reset' ? EVERY_RECORD : event.id));

export function localResource<T>(opts: LocalResourceOptions<T>): LocalResource<T> {
  const accepted = (doc: unknown): doc is T => !!doc && opts.accepts(doc as Record<string, unknown>);
  return {
    source: 'local',
    async list() {
      // Every matching record, however many: localFindAll states the limit Mango needs.
      const [found, conflicted] = await Promise.all([
        localFindAll(opts.db, { selector: opts.selector }),
        opts.markConflicts ? listConflicts(opts.db).catch(() => []) : [],
      ]);
      const conflicts = new Map(conflicted.map((c) => [c.doc._id, c.conflicts]));
      const docs = found.map((d) => (conflicts.has(d._id) ? { ...d, _conflicts: conflicts.get(d._id) } : d)) as unknown as T[];
      return opts.compare ? [...docs].sort(opts.compare) : docs;
    },
    async get(id) {
      const doc = await localGet(opts.db, id);
      return accepted(doc) ? doc : null;
    },
    async versions(id) {
      if (!id) return null;
      try {
        const [doc, ...conflicts] = await conflictRevisions(opts.db, id);
        return accepted(doc) ? { doc, conflicts: conflicts as unknown as T[] } : null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    watch: watchRecords(opts.db),
  };
}

export function writableLocalResource<T extends object, Input extends object = T>(opts: LocalResourceOptions<T>): WritableLocalResource<T, Input> {
  return {
    ...localResource<T>(opts),
    async save(input, id) {
      const doc = (id === undefined ? input : { ...input, _id: id }) as LocalDoc<Input>;
      const { id: savedId, rev } = await localPut(opts.db, doc);
      // As stored (with its `type`); as written should a wipe have taken it meanwhile.
      return ((await localGet(opts.db, savedId)) ?? { ...doc, _id: savedId, _rev: rev }) as unknown as T;
    },
    /**
     * Deletes every revision of the record: deleting only the winner of a conflicted record would
     * bring the losing revision back as the record.
     */
    async remove(id) {
      let revisions: Array<{ _id: string; _rev: string }>;
      try {
        revisions = (await conflictRevisions(opts.db, id)).map((d) => ({ _id: d._id, _rev: d._rev }));
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      for (const rev of revisions) await localRemove(opts.db, rev);
    },
    async resolve(id, merged, losingRevs) {
      await resolveConflict(opts.db, id, merged, losingRevs);
    },
  };
}
