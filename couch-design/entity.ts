/**
 * The shape of an entity's one declaration (`couch-design/<entity>/entity.ts`): its database, the
 * document types that database admits, its Mango indexes, and, for a database devices replicate,
 * who reads what of it, its write policy with the effects a write may have, and the database the
 * device keeps. `couch-design/entities.ts` lists every declaration; the gateway's replicated
 * databases, the design documents it deploys and the PWA's table of local databases are derived
 * from that list, and the lint zones from the folders (docs/architecture.md, sección 2, "Receta: una entidad sincronizada nueva").
 */
import type { Dict } from './helpers/values';
import type { MangoSelector, ScopeUser } from './scope';
import type { WritePolicy } from './write-policy';

/** Same shape as the Store port's MangoIndex (couch-design may not import the gateway). */
export interface MangoIndexDef {
  index: { fields: Array<string | Record<string, 'asc' | 'desc'>>; partial_filter_selector?: Record<string, unknown> };
  ddoc: string;
  name: string;
}

/**
 * A Mango index by its name and fields; its design document is `idx-<name>`, the names stores
 * already hold (an index renamed is built again on every deployed store).
 */
export function mangoIndex(name: string, fields: MangoIndexDef['index']['fields']): MangoIndexDef {
  return { index: { fields }, ddoc: `idx-${name}`, name };
}

/** What each person reads of a replicated database (docs/architecture.md section 6). */
export interface ReadScope {
  /** The server's selector for `_changes`; `null` when this person may read nothing. */
  selector(user: ScopeUser): MangoSelector | null;
  /** Whether this person may read this (non-design) document; said the same way as the selector. */
  inScope(user: ScopeUser, doc: { type?: unknown } | null | undefined): boolean;
  /**
   * Whether this person reads every document the database holds (tombstones without owner fields
   * included), so checks that need a stored document can be skipped.
   */
  wholeDatabase(user: ScopeUser): boolean;
}

/**
 * Side effects a stored write may call for, run by the gateway after the write in one place for
 * REST and for `/db` (sync-server/src/policy/effects.ts), never by the policy itself:
 * - `scope-lost`: the write took the record out of someone's scope (`scopeLostBy` of the
 *   decision, a reassignment); their replication identity moves so their devices pull again.
 * What follows a deletion is declared by `SyncDeclaration.tombstone` and the child-of relation (`ChildLink`).
 */
export type WriteEffect = 'scope-lost';

/**
 * An index a device keeps of its own database for a list (issue 20 item 6): per record, the few
 * fields the list searches, counts and sorts by, kept up to date as the database changes, so the
 * list reads only the records of the page shown. Mango indexes do not serve a search in any word.
 */
export interface DeviceIndex<E = unknown> {
  /** Names the saved copy on the device. */
  readonly key: string;
  /** Bump when `entryOf` changes: an older saved copy is then rebuilt. */
  readonly version: number;
  /** The entry of a stored document, or null when it is not one of the listed records. */
  entryOf(doc: Record<string, unknown>): E | null;
}

/** The database a signed-in person keeps on the device (docs/architecture.md section 5). */
export interface DeviceDatabase {
  /**
   * Local writes go up to the gateway. A pull-only database is written elsewhere (payslips:
   * admins, through REST) and refuses writes on the device with `readOnly`.
   */
  readonly pushed: boolean;
  /** The Spanish refusal of a local write to a pull-only database. */
  readonly readOnly?: string;
  /**
   * Holds the device's own records (`_local`, never replicated): form drafts and the scope the
   * data was pulled with. Exactly one database is the home; a wipe destroys it last.
   */
  readonly home?: true;
  /**
   * Documents per batch of its pushes and pulls, when smaller than the engine's (200): a batch of
   * photos carries their images (`fotos`: FOTOS_BATCH_SIZE, under the gateway's body limit).
   */
  readonly batchSize?: number;
  /**
   * Documents per batch of its pulls, when it differs from `batchSize`: a pulled photo brings its
   * thumbnail only, inline in the batch's one `_bulk_get` (`fotos`: FOTOS_PULL_BATCH_SIZE).
   */
  readonly pullBatchSize?: number;
  /**
   * The record a document is part of, when one record is several documents (a photo: its `foto`
   * and its `foto-original`): what waits to go up is counted in records. Null: a record of its own.
   */
  readonly recordOf?: (id: string) => string | null;
  /**
   * Documents (by id prefix) the device keeps only until the server holds them, never pulled back
   * (a photo's full-size original): purged once a push of the database went through.
   */
  readonly purgedOncePushed?: string;
  /**
   * How a change of one of its records that the server refused reads to the person
   * (pwa/src/lib/sync/rejected-text.ts): each field by its label on the screens, and the record by
   * the name its list shows. Without it, the field paths and the record's id.
   */
  readonly rejected?: { readonly fieldLabel?: (path: string) => string | undefined; readonly nameOf?: (doc: Dict) => string };
  /** The list indexes the device keeps of it (the PWA keeps each one while the person is signed in). */
  readonly indexes?: readonly DeviceIndex[];
}

/**
 * A child-of relation (`couch-design/child-entity.ts`, `declareChildEntity`): each record of the
 * child database names its parent record by `field`. A person reads a child iff they read its
 * parent and writes one iff they may edit the parent, decided from the parent each time (nothing
 * of the parent is copied onto the child); a deleted parent deletes its children (every leaf).
 */
export interface ChildLink {
  /** The child's database. */
  readonly database: string;
  /** The child's own `type`: the documents its feed carries. */
  readonly docType: string;
  /** Every `type` its database admits (`docType` first); the others are read by id only, never pulled. */
  readonly docTypes: readonly string[];
  /** The parent's database. */
  readonly parent: string;
  /** The field of a child holding its parent's `_id` (kept by a child's tombstone). */
  readonly field: string;
  /** The child's index by `field`, deployed from the relation (a parent's children in one query). */
  readonly byParent: MangoIndexDef;
  /** Other records of the child database deleted with this one, every leaf (a photo's full-size original). */
  readonly deletedWith?: (id: string) => readonly string[];
  /**
   * At most `max` live children of each kind per parent (`kindOf` their id; null: not counted),
   * counted again once stored: the ones a request created past it are undone and refused with `refused`.
   */
  readonly perParent?: { readonly max: number; readonly kindOf: (id: string) => string | null; readonly refused: string };
}

/** What a record is called in Spanish, one and many ('1 visita por enviar', '3 visitas por enviar'). */
export interface EntityNames {
  readonly one: string;
  readonly many: string;
}

/** Replication through the gateway's `/db/<database>`: the scope and the one write policy. */
export interface SyncDeclaration {
  readonly scope: ReadScope;
  /**
   * Whether this person may edit this record (its current revision): declared by an entity that
   * has children, whose writes follow it (`ChildLink`). Said with the same rules as its write policy.
   */
  readonly mayEdit?: (user: ScopeUser, doc: Dict) => boolean;
  /** Present on a child entity: its parent and the field that names it. */
  readonly childOf?: ChildLink;
  /**
   * What may be written, from REST and from devices alike (couch-design/write-policy.ts), loaded
   * when the gateway first decides a write (`policyLoader`). A device never decides one: its
   * table of databases comes from these declarations, and a static import here would load every
   * entity's schemas (and Yup) before the first screen of the app.
   */
  readonly loadWritePolicy: () => Promise<WritePolicy>;
  /**
   * What a deletion of one of its records keeps (its owner fields, which the feeds need): present
   * when deleting the record deletes every other live leaf of it too, so no conflict brings it back.
   */
  readonly tombstone?: (leaf: Dict) => Dict;
  /** The effects this entity's writes may call for; each runs once the write is stored. */
  readonly effects?: readonly WriteEffect[];
  /** The database the device keeps, or none (the entity syncs to no device yet). */
  readonly device?: DeviceDatabase;
  /**
   * Its documents carry attachments that replicate: a pull gets their stubs and
   * `GET /db/<database>/<id>/<name>` serves them (otherwise attachments never leave the server).
   */
  readonly attachments?: true;
  /** The body limit of a `_bulk_docs` to it, in bytes, when larger than every other database's. */
  readonly pushBodyBytes?: number;
  /**
   * Devices keep a set of its records, not the person's whole scope (issue 34): the gateway works
   * the set out (its ids listed at `path`), narrows every replicated read to it and fingerprints it
   * in `GET /db/`; online, the rest of the scope is read through REST.
   */
  readonly deviceSet?: DeviceSetDeclaration;
}

export interface DeviceSetDeclaration {
  /** `GET` answers `{ ids, fijadas, asesoradas }`: the set's ids, those the person pinned and those they advise. */
  readonly path: string;
  /**
   * `POST { ids }`: the device dropped these records for its storage budget; the gateway forgets
   * that the person opened or edited them, so they leave the set instead of coming back.
   */
  readonly forgetPath: string;
}

/**
 * `GET /db/?hijos`: the welcome whose uuid (hence the replication identity PouchDB builds from it)
 * leaves the device set out, for the replications of child databases: a set that moves does not
 * pull their children again from zero; their cursor carries the set instead
 * (sync-server/src/sync/pull-children.ts).
 */
export const CHILD_WELCOME_QUERY = 'hijos';

/** What a replicated entity's records follow on a device: a child's records stay while its parent's record does (photos, visits). */
export const followLinkOf = (sync: SyncDeclaration): Pick<ChildLink, 'parent' | 'field'> | undefined => sync.childOf;

export interface EntityDeclaration<Db extends string = string> {
  /** The database name (without `COUCH_DB_PREFIX`), after `/db/` when it is replicated. */
  readonly database: Db;
  /** What one record and many are called (the device's pending texts). */
  readonly names?: EntityNames;
  /** The `type` values its `validate_doc_update` admits; the first is the entity's own. */
  readonly docTypes: readonly [string, ...string[]];
  /** The Mango indexes the gateway deploys in it. */
  readonly indexes: readonly MangoIndexDef[];
  /** Index design documents (without `_design/`) an earlier version deployed, deleted at start. */
  readonly retiredIndexes?: readonly string[];
  /** Present when devices replicate it through the gateway; absent for a server-only database. */
  readonly sync?: SyncDeclaration;
}

/** Loads a write policy once, on first use: `policyLoader(() => import('./write-policy').then((m) => m.xWritePolicy))`. */
export function policyLoader(load: () => Promise<WritePolicy>): () => Promise<WritePolicy> {
  let loaded: Promise<WritePolicy> | undefined;
  return () => (loaded ??= load());
}

/** Keeps the literal database name of a declaration (`'captaciones'`, not `string`). */
export const declareEntity = <const D extends EntityDeclaration>(declaration: D): D => declaration;

/** An entity devices replicate through the gateway. */
export type SyncedEntity<E extends EntityDeclaration = EntityDeclaration> = E & { readonly sync: SyncDeclaration };

export const isSynced = <E extends EntityDeclaration>(e: E): e is SyncedEntity<E> => e.sync !== undefined;

/** The child-of relations whose parent is `parent`: what follows a parent's deletion and reassignment. */
export function childLinksOf(parent: string, entities: readonly EntityDeclaration[]): ChildLink[] {
  return entities.flatMap((e) => (e.sync?.childOf?.parent === parent ? [e.sync.childOf] : []));
}
