/**
 * The effects of stored writes, run here and only here, for REST and for `/db` alike: each
 * service and the replication endpoint stores what its entity's write policy decided, then hands
 * the decisions to `runWriteEffects` with what the entity declares (couch-design/entity.ts: its
 * `effects`, its `tombstone`, its child-of relation and its children). Nothing here knows an entity.
 *
 * Every effect acts on every leaf of a document, never only the winner: a child with a second,
 * conflicting leaf (two tablets reordering offline) would otherwise come back live when its winner
 * is deleted. And the checks a write needs from what others write at the same moment run after
 * it, on what is stored: a child pushed while its parent was deleted is deleted, and a maximum of
 * children per parent is counted again (count after write and undo, not read then write, which
 * two gateways race).
 */
import { childTombstone } from '../../../couch-design/child-entity';
import type { ChildLink, SyncedEntity, WriteEffect } from '../../../couch-design/entity';
import { isLive, type Dict } from '../../../couch-design/helpers/values';
import type { Actors } from '../http/actor';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { okDocs } from '../store/winner';
import { MAX_DOCS_PER_BULK_DOCS } from '../store/batch-limit';
import { deleteChildren, liveChildIds } from './children';
import { parentsFrom } from './parent-facts';
import { bumpScopeEpoch } from './scope-epoch';
import { log } from '../log';

export interface EffectDeps {
  store: Store;
  /** Told to forget a person whose scope moved. */
  sessionUsers?: Pick<Actors, 'invalidate'>;
  /** The child entities of the written one (couch-design/child-entity.ts): they follow its deletions and reassignments. */
  children?: readonly ChildLink[];
}

/** What an entity's declaration says follows its stored writes (`effectsOf`). */
export interface DeclaredEffects {
  database: string;
  effects?: readonly WriteEffect[];
  /** A deletion of the record deletes every other live leaf of it, written as this (couch-design/entity.ts). */
  tombstone?: (leaf: Dict) => Dict;
  /** It is a child: its parent's deletion and its relation's rules follow its writes. */
  childOf?: ChildLink;
}

export const effectsOf = ({ database, sync }: SyncedEntity): DeclaredEffects => ({ database, effects: sync.effects, tombstone: sync.tombstone, childOf: sync.childOf });

/** What a stored write's decision asks for (couch-design/write-policy.ts, `WriteDecision`). */
export interface DecidedEffects {
  /** A person who lost the record from their scope (a reassignment). */
  scopeLostBy?: string;
  /** A deletion of the record itself, not of a losing branch. */
  removesRecord?: boolean;
  /** The id had no revision before this write (a new child counts against its parent's maximum). */
  created?: boolean;
  /** The person it was reassigned to. */
  scopeGainedBy?: string;
  /** The revision stored. */
  doc?: Pick<StoreDoc, '_id' | '_deleted'> & Dict;
}

/** Writes the effects undid, by id, with the reason to answer (a child over its parent's maximum). */
export type Undone = Map<string, string>;

const logged =
  (what: string) =>
  (e: unknown): void =>
    log.error({ err: e }, what);

/**
 * Runs the effects the entity declares for writes already stored, once per person however many
 * writes name them. The writes are done: a failed effect is logged, never turned into an error
 * the client would retry (the retry finds the revision stored and would never run it again).
 * Answers the writes it undid.
 */
export async function runWriteEffects(deps: EffectDeps, declared: DeclaredEffects, decided: readonly DecidedEffects[]): Promise<Undone> {
  const undone: Undone = new Map();
  // The record itself deleted (not a losing branch of it, as resolving a conflict does).
  const removed = decided.flatMap((d) => (d.removesRecord && d.doc?._deleted === true && d.doc._id ? [d.doc._id] : []));
  const { tombstone, childOf } = declared;
  if (tombstone && removed.length) {
    const withIt = childOf?.deletedWith ? removed.flatMap((id) => [id, ...childOf.deletedWith!(id)]) : removed;
    await overEveryLeaf(await deps.store.db(declared.database), withIt, tombstone).catch(logged('No se pudieron eliminar las versiones de los registros eliminados'));
  }
  if (childOf) await childrenChecked(deps.store, childOf, decided, undone).catch(logged('No se pudieron comprobar los registros guardados'));
  const children = deps.children ?? [];
  if (children.length) await deleteChildren(deps.store, children, removed).catch(logged('No se pudieron eliminar los registros de los eliminados'));
  if (!declared.effects?.includes('scope-lost')) return undone;
  // Children enter no feed when their parent is reassigned: whoever gains it pulls again too.
  const moved = decided.flatMap((d) => [d.scopeLostBy, ...(children.length ? [d.scopeGainedBy] : [])]);
  for (const from of new Set(moved.filter((x): x is string => !!x))) {
    await bumpScopeEpoch(deps.store, from, deps.sessionUsers).catch((e: unknown) => log.error({ err: e, usuario: from }, 'No se pudo renovar el alcance de sincronización'));
  }
  return undone;
}

/** Every live leaf of each id. */
async function liveLeaves(db: StoreDb, ids: readonly string[]): Promise<StoreDoc[]> {
  if (!ids.length) return [];
  const { results } = await db.bulkGet(ids.map((id) => ({ id })), { winnerAndLive: true });
  return results.flatMap((r) => okDocs(r.docs)).filter((d) => d._deleted !== true && typeof d._rev === 'string');
}

/**
 * Writes `make(leaf)` over each live leaf, reading the leaves again for those that changed
 * meanwhile (a conflict), a few times.
 */
async function overEveryLeaf(db: StoreDb, ids: readonly string[], make: (leaf: StoreDoc) => Dict): Promise<void> {
  let pending = [...new Set(ids)];
  for (let attempt = 0; attempt < 4 && pending.length; attempt++) {
    const writes: StoreDoc[] = (await liveLeaves(db, pending)).map((leaf) => ({ ...make(leaf), _id: leaf._id, _rev: leaf._rev }));
    if (!writes.length) return;
    const results = await db.bulkDocs(writes);
    pending = [...new Set(results.filter((r) => r.error).map((r) => r.id))];
  }
  if (pending.length) throw new Error(`Las versiones de ${pending.length} documentos cambiaron mientras se actualizaban.`);
}

/**
 * After children are stored, what others wrote at the same moment is read back: each parent named
 * by a stored live child. A child whose parent was deleted meanwhile (or is gone) is deleted, every
 * leaf; and when a kind is over the relation's `perParent` maximum the children this request
 * created are undone, the last first, until it is not (a racing request may undo its own too:
 * then both are under the maximum, never over it).
 */
async function childrenChecked(store: Store, link: ChildLink, decided: readonly DecidedEffects[], undone: Undone): Promise<void> {
  const byParent = new Map<string, DecidedEffects[]>();
  for (const d of decided) {
    const parentId = d.doc && d.doc._deleted !== true ? d.doc[link.field] : undefined;
    if (typeof parentId === 'string' && parentId) byParent.set(parentId, [...(byParent.get(parentId) ?? []), d]);
  }
  if (!byParent.size) return;
  const parents = await parentsFrom(store)(link.parent, [...byParent.keys()]);
  const db = await store.db(link.database);
  const gone: string[] = [];
  const undo: string[] = [];
  for (const [parentId, mine] of byParent) {
    if (!isLive(parents.get(parentId))) {
      gone.push(...mine.map((d) => d.doc!._id));
      continue;
    }
    const limit = link.perParent;
    if (!limit || !mine.some((d) => d.created)) continue;
    const stored = await liveChildIds(db, link, parentId, MAX_DOCS_PER_BULK_DOCS);
    for (const kind of new Set(mine.map((d) => limit.kindOf(d.doc!._id)))) {
      if (kind === null) continue;
      const count = stored.filter((id) => limit.kindOf(id) === kind).length;
      const created = mine.filter((d) => d.created && limit.kindOf(d.doc!._id) === kind && stored.includes(d.doc!._id));
      undo.push(...created.slice(Math.max(0, created.length - (count - limit.max))).map((d) => d.doc!._id));
    }
  }
  for (const id of undo) undone.set(id, link.perParent!.refused);
  await overEveryLeaf(db, [...gone, ...undo], (leaf) => childTombstone(link, leaf));
}
