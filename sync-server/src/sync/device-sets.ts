/**
 * Device sets (issue 34; docs/architecture.md «El conjunto del dispositivo»): a device replicates a
 * set of a database's records that the feature owning it works out per person (`DeviceSetSource`),
 * not the person's whole read scope, and the records that follow them (its child entities:
 * photos and visits follow their captación). Every replicated read of those
 * databases (`_changes`, `_bulk_get`, `open_revs`, GET of a document or an attachment) is narrowed
 * here to the set, on top of the scope, never instead of it; writes are not: a device pushes what
 * it has pending for a record that just left its set, and the scope and the write policy decide.
 *
 * The set's ids are fingerprinted into `GET /db/` (server-info.ts): when they change, the
 * replication identity changes and the device pulls again from the start, which the gateway lists
 * from the set's ids (pull-by-id.ts) and so costs the set, not the database (what the device has
 * already is skipped), then drops what left the set. The children's replication identity leaves
 * the set out; their cursor carries the set's mark, and a mark that moved lists the set's children
 * by id, then follows the feed from the device's checkpoint (pull-children.ts).
 */
import { createHash } from 'node:crypto';
import { followLinkOf, type SyncedEntity } from '../../../couch-design/entity';
import type { Dict } from '../../../couch-design/helpers/values';
import type { AuthUser } from '../http/actor';
import type { SyncedDb } from './databases';

/** What the feature owning a set database tells: each person's set, and what they just wrote. */
export interface DeviceSetSource {
  /** The ids this person's devices keep; always within their read scope. */
  ids(user: AuthUser): Promise<ReadonlySet<string>>;
  /** Catches up with what is stored before a fingerprint is taken (the list's directory follows a feed). */
  settle?(): Promise<void>;
  /** Records this person just stored through the replication endpoint (they edited them). */
  wrote?(user: AuthUser, ids: readonly string[]): void;
}

/** Which database's set narrows which replicated database, and by which field ('_id' for the set's own). */
interface Narrowing {
  set: string;
  field: string;
}

/** Sorted once per computed set: a set is the same object until it moves (a request per batch reuses it). */
const sorted = new WeakMap<ReadonlySet<string>, readonly string[]>();
function sortedIds(ids: ReadonlySet<string>): readonly string[] {
  let out = sorted.get(ids);
  if (!out) sorted.set(ids, (out = [...ids].sort()));
  return out;
}

/** A set's mark, once per computed set: what a child pull's cursor carries (pull-children.ts). */
const marks = new WeakMap<ReadonlySet<string>, string>();
function markOf(ids: ReadonlySet<string>): string {
  let out = marks.get(ids);
  if (out === undefined) {
    const hash = createHash('sha256');
    for (const id of sortedIds(ids)) hash.update(`${id}\u0000`);
    marks.set(ids, (out = hash.digest('hex').slice(0, 16)));
  }
  return out;
}

export class DeviceSets {
  private readonly narrowings: ReadonlyMap<string, Narrowing>;

  /** `entities`: the replicated declarations; `sources`: by set database, the feature that works each set out. */
  constructor(
    entities: readonly SyncedEntity[],
    private readonly sources: Readonly<Record<string, DeviceSetSource>>,
  ) {
    const sets = new Set(entities.filter((e) => e.sync.deviceSet && sources[e.database]).map((e) => e.database));
    const out = new Map<string, Narrowing>();
    for (const e of entities) {
      if (sets.has(e.database)) out.set(e.database, { set: e.database, field: '_id' });
      const link = followLinkOf(e.sync);
      if (link && sets.has(link.parent)) out.set(e.database, { set: link.parent, field: link.field });
    }
    this.narrowings = out;
  }

  /**
   * The database as this person's devices replicate it: narrowed to their set, or as it is.
   * `settled`: the set first catches up with what is stored, as for the fingerprint (a feed is
   * where what joined the set is listed; other reads are checked by the set as it stands).
   */
  async forPerson(def: SyncedDb, user: AuthUser, settled = false): Promise<SyncedDb> {
    const how = this.narrowings.get(def.name);
    if (!how) return def;
    if (settled) await this.sources[how.set].settle?.();
    const ids = await this.sources[how.set].ids(user);
    const { field } = how;
    return {
      ...def,
      ...(field === '_id' ? { setIds: sortedIds(ids) } : { setChildren: { parents: sortedIds(ids), mark: markOf(ids) } }),
      // The store's feed keeps the scope's selector; the feed narrows each row (changes.ts).
      narrowedTo: { field, ids },
      inScope: (u, doc) => !!doc && def.inScope(u, doc) && ids.has(String((doc as Dict)[field])),
      wholeDatabase: () => false,
    };
  }

  /**
   * One string per person that moves whenever any of their sets does (server-info.ts puts it in the
   * uuid); empty when devices replicate whole scopes (no set to drop anything by).
   */
  async fingerprint(user: AuthUser): Promise<string> {
    if (Object.keys(this.sources).length === 0) return '';
    const hash = createHash('sha256');
    for (const source of Object.values(this.sources)) await source.settle?.();
    for (const name of Object.keys(this.sources).sort()) {
      hash.update(`${name}\u0000`);
      for (const id of [...(await this.sources[name].ids(user))].sort()) hash.update(`${id}\u0000`);
    }
    return hash.digest('hex').slice(0, 16);
  }

  /** A push through `/db/<database>` stored these documents of this person's. */
  wrote(database: string, user: AuthUser, ids: readonly string[]): void {
    if (this.narrowings.get(database)?.field === '_id') this.sources[database].wrote?.(user, ids);
  }
}
