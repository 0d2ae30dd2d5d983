/**
 * What the replication endpoint needs to know of a database a device replicates: its server
 * selector, its scope test, its entity's one write policy and that write's effects. Each is
 * derived from its entity's declaration (couch-design/<entity>/entity.ts) and app.ts hands the
 * list of declarations to `syncedDatabases`, so nothing here knows any entity.
 */
import { childLinksOf, isSynced, type ChildLink, type EntityDeclaration, type SyncedEntity, type WriteEffect } from '../../../couch-design/entity';
import type { Dict } from '../../../couch-design/helpers/values';
import type { MangoSelector } from '../../../couch-design/scope';
import type { WritePolicy } from '../../../couch-design/write-policy';
import type { AuthUser } from '../http/actor';
import type { StoreDoc } from '../store/port';

export interface SyncedDb {
  /** The database name after `/db/` (and in the Store port). */
  name: string;
  /** The server's selector, `null` when this person may read nothing. */
  selector(user: AuthUser): MangoSelector | null;
  /**
   * Whether this person may read this (non-design) document. A whole-database scope reads every
   * document the database holds, tombstones without owner fields included: the database admits
   * only its one `type`, so anything in it is a record of that kind (or the deletion of one).
   */
  inScope(user: AuthUser, doc: { type?: unknown } | null | undefined): boolean;
  /**
   * Marks scopes that cover every document the database accepts (its validate_doc_update admits
   * one `type`), so checks that need a stored document can be skipped.
   */
  wholeDatabase(user: AuthUser): boolean;
  /** What a device may write into this database: the entity's one write policy, shared with REST. */
  loadWritePolicy(): Promise<WritePolicy>;
  /** The effects its writes may call for, run once they are stored (policy/effects.ts). */
  effects?: readonly WriteEffect[];
  /** What a deletion of one of its records keeps, written over its every leaf (couch-design/entity.ts). */
  tombstone?: (leaf: Dict) => Dict;
  /** Its attachments replicate: pulls get their stubs, `GET /db/<name>/<id>/<attachment>` serves them. */
  attachments?: true;
  /** Its `_bulk_docs` body limit in bytes, when above SYNC_BODY_LIMIT (photos). */
  pushBodyBytes?: number;
  /** A child entity: who reads it is decided from its parents (child-scope.ts). */
  childOf?: ChildLink;
  /** The child entities of this one: they follow its deletions and reassignments (policy/effects.ts). */
  children?: readonly ChildLink[];
  /** Told of the revisions a `_bulk_docs` through this gateway just stored, each with its stored `_rev`. */
  stored?(docs: readonly StoreDoc[]): void;
  /**
   * The revision this gateway knows as the document's current one, without asking the store: its
   * own writes at once, other gateways' once its feed has them. Null when it knows of none (never
   * written, or deleted long ago); undefined when it cannot tell yet. A revision it names is one
   * the store holds. Lets `_revs_diff` and `_bulk_get` skip the store for what was just written.
   */
  currentRevision?(id: string): string | null | undefined;
  /**
   * The ids of the person's device set, sorted, when this database is narrowed to a set of its own
   * records (device-sets.ts): its initial pull is listed from them by id (pull-by-id.ts).
   */
  setIds?: readonly string[];
  /**
   * A child database narrowed to the children of a device set's parents (device-sets.ts): the
   * parents' ids, sorted, and the set's mark; its pulls list those children by id (pull-children.ts).
   */
  setChildren?: { parents: readonly string[]; mark: string };
  /**
   * A narrowing the gateway applies to each feed row itself, not the store: a device set's ids by
   * `field` ('_id', or a child's parent field, which needs the row's body). A store's `$in` compares
   * each row with every id (PouchDB collates each pair: a page of a 2,000-id set took 53 s on the
   * embedded store); here it is one lookup.
   */
  narrowedTo?: { field: string; ids: ReadonlySet<string> };
}

/** What a feature that follows a database tells the replication endpoint (the captaciones list's directory). */
export type FollowedDb = Pick<SyncedDb, 'stored' | 'currentRevision'>;

/** The replicated databases by name; a name outside the list is no database of this endpoint. */
export class SyncedDatabases {
  private readonly byName: ReadonlyMap<string, SyncedDb>;

  constructor(list: readonly SyncedDb[]) {
    this.byName = new Map(list.map((d) => [d.name, d]));
  }

  get(name: string): SyncedDb | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}

/** The replication endpoint's view of one replicated entity's declaration. */
export function syncedDb({ database, sync }: SyncedEntity): SyncedDb {
  return {
    name: database,
    ...sync.scope,
    loadWritePolicy: sync.loadWritePolicy,
    ...(sync.effects ? { effects: sync.effects } : {}),
    ...(sync.tombstone ? { tombstone: sync.tombstone } : {}),
    ...(sync.attachments ? { attachments: true as const } : {}),
    ...(sync.pushBodyBytes ? { pushBodyBytes: sync.pushBodyBytes } : {}),
    ...(sync.childOf ? { childOf: sync.childOf } : {}),
  };
}

/**
 * The replicated databases of these declarations (those with `sync`), with what the features that
 * follow some of them tell, by database name (`FollowedDb`).
 */
export function syncedDatabases(entities: readonly EntityDeclaration[], followed: Readonly<Record<string, FollowedDb>> = {}): SyncedDatabases {
  return new SyncedDatabases(
    entities.filter(isSynced).map((e) => {
      const children = childLinksOf(e.database, entities);
      return { ...syncedDb(e), ...(children.length ? { children } : {}), ...followed[e.database] };
    }),
  );
}

/** Design and local documents are never replicated through the gateway. */
export const isSpecialId = (id: string): boolean => id.startsWith('_');

/**
 * What a device receives of a stored document. Attachments are left out unless the database's
 * attachments replicate (`attachments`, property photos): then their stubs go, and PouchDB fetches
 * each one from `/db/<name>/<id>/<file>`. Elsewhere the gateway keeps any the server has when a
 * device writes the document back.
 */
export function forDevice<T extends { _attachments?: unknown }>(doc: T, def?: Pick<SyncedDb, 'attachments'>): T {
  if (doc._attachments === undefined || def?.attachments) return doc;
  const { _attachments: _omit, ...rest } = doc;
  return rest as T;
}
