/**
 * The effects of stored writes (couch-design/entity.ts, `WriteEffect`), run here and only here,
 * for REST and for `/db` alike: each service and the replication endpoint stores what its entity's
 * write policy decided, then hands the decisions to `runWriteEffects`.
 *
 * Every effect acts on every leaf of a document, never only the winner: a photo with a second,
 * conflicting leaf (two tablets reordering offline) would otherwise come back live when its winner
 * is deleted, and stay in the old adviser's scope when its captación is reassigned. And the checks
 * a write needs from what others write at the same moment run after it, on what is stored: the
 * photo maximum is counted again and a photo pushed while its captación was reassigned or deleted
 * is moved or deleted (count after write and undo, not read then write, which two gateways race).
 */
import { captacionTombstone } from '../../../couch-design/captacion/stamp';
import { CAPTACION } from '../../../couch-design/captacion/entity';
import type { ChildLink, WriteEffect } from '../../../couch-design/entity';
import { FOTO, FOTOS_BY_CAPTACION } from '../../../couch-design/fotos/entity';
import { FOTO_TYPE, fotoOriginalId, FOTOS_MSG, MAX_FOTOS_POR_CAPTACION, parseFotoId } from '../../../couch-design/fotos/types';
import type { Actors } from '../http/actor';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { okDocs } from '../store/winner';
import { MAX_DOCS_PER_BULK_DOCS } from '../store/batch-limit';
import { captacionFactsFrom, findAgain } from './captacion-facts';
import { deleteChildren } from './children';
import { bumpScopeEpoch } from './scope-epoch';
import { log } from '../log';

export interface EffectDeps {
  store: Store;
  /** Told to forget a person whose scope moved. */
  sessionUsers?: Pick<Actors, 'invalidate'>;
  /** The child entities of the written one (couch-design/child-entity.ts): they follow its deletions and reassignments. */
  children?: readonly ChildLink[];
}

/** What a stored write's decision asks for (couch-design/write-policy.ts, `WriteDecision`). */
export interface DecidedEffects {
  /** A person who lost the record from their scope (a reassignment). */
  scopeLostBy?: string;
  /** A deletion of the record itself, not of a losing branch. */
  removesRecord?: boolean;
  /** The id had no revision before this write (a new photo counts against the maximum). */
  created?: boolean;
  /** The person it was reassigned to. */
  scopeGainedBy?: string;
  /** The revision stored. */
  doc?: Pick<StoreDoc, '_id' | '_deleted'> & { captacion?: unknown; captacion_id?: unknown; asesor?: unknown };
}

/** Writes the effects undid, by id, with the reason to answer (a photo over the maximum). */
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
export async function runWriteEffects(deps: EffectDeps, declared: readonly WriteEffect[] | undefined, decided: readonly DecidedEffects[]): Promise<Undone> {
  const undone: Undone = new Map();
  if (declared?.includes('fotos-de-captacion')) {
    await everyLeafOfCaptacion(deps.store, decided).catch(logged('No se pudieron eliminar las versiones de las captaciones'));
    await photosFollow(deps.store, decided).catch(logged('No se pudieron actualizar las fotos de las captaciones'));
  }
  if (declared?.includes('original-de-foto')) {
    await photosChecked(deps.store, decided, undone).catch(logged('No se pudieron comprobar las fotos guardadas'));
    await originalsFollow(deps.store, decided).catch(logged('No se pudieron eliminar los originales de las fotos'));
  }
  const children = deps.children ?? [];
  if (children.length) {
    // The record itself deleted (not a losing branch of it, as resolving a conflict does): its children go with it.
    const deleted = decided.flatMap((d) => (d.removesRecord && d.doc?._deleted === true ? [d.doc._id] : []));
    await deleteChildren(deps.store, children, deleted).catch(logged('No se pudieron eliminar los registros de los eliminados'));
  }
  if (!declared?.includes('scope-lost')) return undone;
  // Children enter no feed when their parent is reassigned: whoever gains it pulls again too.
  const moved = decided.flatMap((d) => [d.scopeLostBy, ...(children.length ? [d.scopeGainedBy] : [])]);
  for (const from of new Set(moved.filter((x): x is string => !!x))) {
    await bumpScopeEpoch(deps.store, from, deps.sessionUsers).catch((e: unknown) => log.error({ err: e, usuario: from }, 'No se pudo renovar el alcance de sincronización'));
  }
  return undone;
}

const adviserOf = (doc: DecidedEffects['doc']): string => {
  const a = (doc?.captacion as { asesor?: unknown } | undefined)?.asesor;
  return typeof a === 'string' ? a : '';
};

/** Every live leaf of each id. */
async function liveLeaves(db: StoreDb, ids: readonly string[]): Promise<StoreDoc[]> {
  if (!ids.length) return [];
  const { results } = await db.bulkGet(ids.map((id) => ({ id })), { winnerAndLive: true });
  return results.flatMap((r) => okDocs(r.docs)).filter((d) => d._deleted !== true && typeof d._rev === 'string');
}

/** A photo leaf deleted, keeping the owner fields a filtered feed needs. */
const photoTombstone = (leaf: StoreDoc): StoreDoc => ({ _id: leaf._id, _rev: leaf._rev, _deleted: true, type: leaf.type, captacion_id: leaf.captacion_id, asesor: leaf.asesor });

/**
 * Writes `make(leaf)` over each leaf, reading the leaves again for those that changed meanwhile
 * (a conflict), a few times. `make` returns null for a leaf that needs nothing.
 */
async function overEveryLeaf(db: StoreDb, ids: readonly string[], make: (leaf: StoreDoc) => StoreDoc | null): Promise<void> {
  let pending = [...new Set(ids)];
  for (let attempt = 0; attempt < 4 && pending.length; attempt++) {
    const writes = (await liveLeaves(db, pending)).flatMap((leaf) => {
      const w = make(leaf);
      return w ? [w] : [];
    });
    if (!writes.length) return;
    const results = await db.bulkDocs(writes);
    pending = [...new Set(results.filter((r) => r.error).map((r) => r.id))];
  }
  if (pending.length) throw new Error(`Las versiones de ${pending.length} documentos cambiaron mientras se actualizaban.`);
}

/** A captación deleted (not a losing branch) loses every other live leaf too: no conflict brings it back. */
async function everyLeafOfCaptacion(store: Store, decided: readonly DecidedEffects[]): Promise<void> {
  const ids = decided.filter((d) => d.removesRecord && d.doc?._deleted === true && d.doc._id).map((d) => d.doc!._id);
  if (!ids.length) return;
  const db = await store.db(CAPTACION.database);
  await overEveryLeaf(db, ids, (leaf) => captacionTombstone(leaf._id, leaf._rev, adviserOf(leaf)));
}

/**
 * A captación's photos follow it (`fotos-de-captacion`): reassigned (the decision names who lost
 * it), every leaf of each photo whose `asesor` differs gets a revision with the new one, so it
 * moves between scopes with its captación; deleted (the record, not a losing branch), every leaf
 * of its photos of both kinds is deleted, keeping their owner fields. Only those writes read the
 * `fotos` database: an ordinary edit costs nothing here.
 */
async function photosFollow(store: Store, decided: readonly DecidedEffects[]): Promise<void> {
  const touched = new Map<string, { deleted: boolean; asesor: string }>();
  for (const d of decided) {
    if (!d.doc?._id) continue;
    if (d.doc._deleted === true) {
      if (d.removesRecord) touched.set(d.doc._id, { deleted: true, asesor: adviserOf(d.doc) });
    } else if (d.scopeLostBy) touched.set(d.doc._id, { deleted: false, asesor: adviserOf(d.doc) });
  }
  if (!touched.size) return;
  const db = await store.db(FOTO.database);
  const { docs } = await db.find({
    selector: { captacion_id: { $in: [...touched.keys()] } },
    fields: ['_id', 'captacion_id'],
    use_index: [FOTOS_BY_CAPTACION.ddoc, FOTOS_BY_CAPTACION.name],
    limit: touched.size * MAX_FOTOS_POR_CAPTACION * 4 + 10,
  });
  await overEveryLeaf(
    db,
    docs.map((d) => d._id),
    (leaf) => {
      const t = touched.get(String(leaf.captacion_id));
      if (!t) return null;
      if (t.deleted) return photoTombstone(leaf);
      return leaf.asesor === t.asesor ? null : { ...leaf, asesor: t.asesor };
    },
  );
}

/**
 * After photos are stored (`original-de-foto`), what others wrote at the same moment is read
 * back: each captación named by a stored live photo, and its live photos. A photo whose captación
 * was deleted meanwhile is deleted; one whose captación changed adviser meanwhile takes the new
 * one (both on every leaf); and when a kind is over MAX_FOTOS_POR_CAPTACION the photos this
 * request created are undone, the last first, until it is not (a racing request may undo its own
 * too: then both are under the maximum, never over it).
 */
async function photosChecked(store: Store, decided: readonly DecidedEffects[], undone: Undone): Promise<void> {
  const live = decided.filter((d) => d.doc?._id && d.doc._deleted !== true);
  const byCaptacion = new Map<string, DecidedEffects[]>();
  for (const d of live) {
    const parsed = parseFotoId(d.doc?._id);
    if (parsed) byCaptacion.set(parsed.captacionId, [...(byCaptacion.get(parsed.captacionId) ?? []), d]);
  }
  if (!byCaptacion.size) return;
  const facts = await captacionFactsFrom(store)([...byCaptacion.keys()]);
  const db = await store.db(FOTO.database);
  const follow = new Map<string, { deleted: boolean; asesor: string }>();
  const undo: string[] = [];
  for (const [captacionId, mine] of byCaptacion) {
    const fact = facts.get(captacionId);
    if (!fact || fact.deleted) {
      for (const d of mine) follow.set(d.doc!._id, { deleted: true, asesor: '' });
      continue;
    }
    for (const d of mine) if (d.doc!.asesor !== fact.asesor) follow.set(d.doc!._id, { deleted: false, asesor: fact.asesor });
    if (!mine.some((d) => d.created)) continue;
    const stored = await livePhotoIds(db, captacionId);
    for (const kind of [FOTO_TYPE, 'foto-original'] as const) {
      const count = stored.filter((id) => parseFotoId(id)?.kind === kind).length;
      const created = mine.filter((d) => d.created && parseFotoId(d.doc?._id)?.kind === kind && stored.includes(d.doc!._id));
      undo.push(...created.slice(Math.max(0, created.length - (count - MAX_FOTOS_POR_CAPTACION))).map((d) => d.doc!._id));
    }
  }
  for (const id of undo) {
    follow.set(id, { deleted: true, asesor: '' });
    undone.set(id, FOTOS_MSG.maximo);
  }
  if (!follow.size) return;
  await overEveryLeaf(db, [...follow.keys()], (leaf) => {
    const f = follow.get(leaf._id);
    if (!f) return null;
    if (f.deleted) return photoTombstone(leaf);
    return leaf.asesor === f.asesor ? null : { ...leaf, asesor: f.asesor };
  });
}

/**
 * The live photo ids of a captación, both kinds, read whole: what the maximum is counted on. A
 * race can only pass the maximum by the documents of the requests racing, each at most
 * MAX_DOCS_PER_BULK_DOCS, so the read is bounded.
 */
async function livePhotoIds(db: StoreDb, captacionId: string): Promise<string[]> {
  const { docs } = await findAgain(() =>
    db.find({
      selector: { captacion_id: captacionId },
      fields: ['_id'],
      use_index: [FOTOS_BY_CAPTACION.ddoc, FOTOS_BY_CAPTACION.name],
      limit: MAX_FOTOS_POR_CAPTACION * 2 + 2 * MAX_DOCS_PER_BULK_DOCS,
    }),
  );
  return docs.map((d) => d._id);
}

/**
 * A deleted `foto` deletes every leaf of its `foto-original` (same captación and uuid), and any
 * other live leaf of itself, keeping the owner fields.
 */
async function originalsFollow(store: Store, decided: readonly DecidedEffects[]): Promise<void> {
  const ids = decided.flatMap((d) => {
    const parsed = d.doc?._deleted === true && d.removesRecord ? parseFotoId(d.doc._id) : null;
    if (!parsed) return [];
    return parsed.kind === FOTO_TYPE ? [d.doc!._id, fotoOriginalId(parsed.captacionId, parsed.uuid)] : [d.doc!._id];
  });
  if (!ids.length) return;
  await overEveryLeaf(await store.db(FOTO.database), ids, photoTombstone);
}
