/**
 * A resource over one of the person's local databases (DESIGN section 5): the records this device
 * holds, which work offline; the sync engine fills them and keeps them fresh while online. The
 * device only ever holds the person's scope (the gateway filters replication), so "every record"
 * here means every record of that scope.
 */
import { localFindAll, localGet, watchLocal, type MangoQuery, type SyncedDbName } from '../db';
import { EVERY_RECORD, type Resource } from './resource';

export interface LocalResourceOptions<T> {
  db: SyncedDbName;
  /** The Mango selector of the resource's records, e.g. `{ type: 'nomina' }`. */
  selector: MangoQuery['selector'];
  /** Whether a stored document is one of the records (the selector, checked again on `get`). */
  accepts: (doc: Record<string, unknown>) => boolean;
  /** The order of `list`; stored order (by id) when absent. */
  compare?: (a: T, b: T) => number;
}

export function localResource<T>(opts: LocalResourceOptions<T>): Resource<T> {
  return {
    source: 'local',
    async list() {
      // Every matching record, however many: localFindAll states the limit Mango needs.
      const docs = (await localFindAll(opts.db, { selector: opts.selector })) as unknown as T[];
      return opts.compare ? [...docs].sort(opts.compare) : docs;
    },
    async get(id) {
      const doc = await localGet(opts.db, id);
      return doc && opts.accepts(doc as Record<string, unknown>) ? (doc as unknown as T) : null;
    },
    // A wipe (scope change, e.g. the person linked to another employee) replaced every record.
    watch: (onChange) => watchLocal(opts.db, (event) => onChange(event.kind === 'reset' ? EVERY_RECORD : event.id)),
  };
}
