/**
 * The scope of a child database (couch-design/child-entity.ts) for a person who does not read the
 * whole parent database: a child is readable iff its parent is, told by the parents themselves and
 * never by anything copied onto the child (as Medic CHT decides a document's access from its
 * subject). Per request the child's selector and predicate are narrowed to the ids of the parents
 * this person reads, tombstones included (a deleted parent's children must still reach the device
 * as deletions): the parent's own selector over its `_changes`, which a deletion's owner fields
 * keep matching.
 *
 * The ids are kept per person and scope identity (role, link and `scope_epoch`), and each request
 * reads only the parent changes since the last one. A parent only leaves a person's scope by a
 * reassignment away, which moves their `scope_epoch` (policy/effects.ts): the identity changes and
 * the ids are read again from the start, so a kept id is never one the person lost.
 */
import type { Dict } from '../../../couch-design/helpers/values';
import type { AuthUser } from '../http/actor';
import type { Store } from '../store/port';
import type { SyncedDatabases, SyncedDb } from './databases';
import { readScopeEpoch } from './scope-epoch';

/** People whose parent ids are kept; the oldest is forgotten beyond this. */
const MAX_PEOPLE = 500;
/** Parent changes read per store call. */
const PAGE = 2_000;

interface Known {
  since: string;
  ids: Set<string>;
}

export class ChildScopes {
  private readonly known = new Map<string, Promise<Known>>();

  constructor(
    private readonly store: Store,
    private readonly databases: SyncedDatabases,
  ) {}

  /** The database as this person reads it: a child's scope narrowed to their parents; any other as it is. */
  async forPerson(def: SyncedDb, user: AuthUser): Promise<SyncedDb> {
    const link = def.childOf;
    if (!link) return def;
    const parent = this.databases.get(link.parent);
    // Who reads every parent reads every child: the declaration's own scope says so.
    if (parent?.wholeDatabase(user)) return def;
    const ids = parent ? await this.parentsOf(parent, user) : new Set<string>();
    const { field, docType, docTypes } = link;
    return {
      ...def,
      // The feed carries the child's own type; the others (read by id only) are readable all the same.
      selector: () => ({ type: docType, [field]: { $in: [...ids] } }),
      inScope: (_user, doc) => !!doc && docTypes.includes(doc.type as string) && ids.has(String((doc as Dict)[field])),
    };
  }

  private async parentsOf(parent: SyncedDb, user: AuthUser): Promise<Set<string>> {
    const selector = parent.selector(user);
    if (!selector) return new Set();
    const epoch = user.scopeEpoch ?? (await readScopeEpoch(this.store, user.id));
    const key = [parent.name, user.id, user.role, user.empleado_id ?? '', epoch].join('\u0000');
    const before = this.known.get(key);
    // One read at a time per person: a second request continues from where the first ended.
    const next = (async (): Promise<Known> => {
      const known = before ? await before.catch(() => ({ since: '0', ids: new Set<string>() })) : { since: '0', ids: new Set<string>() };
      const db = await this.store.db(parent.name);
      let since = known.since;
      for (;;) {
        const page = await db.changes({ since, limit: PAGE, selector });
        for (const row of page.results) if (!row.id.startsWith('_')) known.ids.add(row.id);
        since = page.last_seq;
        if (page.results.length < PAGE) break;
      }
      return { since, ids: known.ids };
    })();
    this.known.delete(key);
    this.known.set(key, next);
    if (this.known.size > MAX_PEOPLE) this.known.delete(this.known.keys().next().value as string);
    try {
      return (await next).ids;
    } catch (e) {
      if (this.known.get(key) === next) this.known.delete(key);
      throw e;
    }
  }
}
