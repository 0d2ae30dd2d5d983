/**
 * The effects of stored writes (couch-design/entity.ts, `WriteEffect`), run here and only here,
 * for REST and for `/db` alike: each service and the replication endpoint stores what its entity's
 * write policy decided, then hands the decisions to `runWriteEffects`.
 */
import type { ChildLink, WriteEffect } from '../../../couch-design/entity';
import { FOTO, FOTOS_BY_CAPTACION } from '../../../couch-design/fotos/entity';
import { FOTO_TYPE, fotoOriginalId, MAX_FOTOS_POR_CAPTACION, parseFotoId } from '../../../couch-design/fotos/types';
import type { Actors } from '../http/actor';
import type { Store, StoreDoc } from '../store/port';
import { deleteChildren } from './children';
import { bumpScopeEpoch } from './scope-epoch';

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
  /** The person it was reassigned to. */
  scopeGainedBy?: string;
  /** The revision stored. */
  doc?: Pick<StoreDoc, '_id' | '_deleted'> & { captacion?: unknown };
}

/**
 * Runs the effects the entity declares for writes already stored, once per person however many
 * writes name them. The writes are done: a failed effect is logged, never turned into an error
 * the client would retry (the retry finds the revision stored and would never run it again).
 */
export async function runWriteEffects(deps: EffectDeps, declared: readonly WriteEffect[] | undefined, decided: readonly DecidedEffects[]): Promise<void> {
  if (declared?.includes('fotos-de-captacion')) {
    await photosFollow(deps.store, decided).catch((e: unknown) => console.error('No se pudieron actualizar las fotos de las captaciones', e));
  }
  if (declared?.includes('original-de-foto')) {
    await originalsFollow(deps.store, decided).catch((e: unknown) => console.error('No se pudieron eliminar los originales de las fotos', e));
  }
  const children = deps.children ?? [];
  if (children.length) {
    const deleted = decided.flatMap((d) => (d.doc?._deleted === true ? [d.doc._id] : []));
    await deleteChildren(deps.store, children, deleted).catch((e: unknown) => console.error('No se pudieron eliminar los registros de los eliminados', e));
  }
  if (!declared?.includes('scope-lost')) return;
  // Children enter no feed when their parent is reassigned: whoever gains it pulls again too.
  const moved = decided.flatMap((d) => [d.scopeLostBy, ...(children.length ? [d.scopeGainedBy] : [])]);
  for (const from of new Set(moved.filter((x): x is string => !!x))) {
    await bumpScopeEpoch(deps.store, from, deps.sessionUsers).catch((e: unknown) => console.error('No se pudo renovar el alcance de', from, e));
  }
}

const adviserOf = (doc: DecidedEffects['doc']): string => {
  const a = (doc?.captacion as { asesor?: unknown } | undefined)?.asesor;
  return typeof a === 'string' ? a : '';
};

/**
 * A captación's photos follow it (`fotos-de-captacion`): reassigned (the decision names who lost
 * it), each photo whose `asesor` differs gets a revision with the new one, so it moves between
 * scopes with its captación; deleted, its photos of both kinds are deleted, keeping their owner
 * fields. Only those writes read the `fotos` database: an ordinary edit costs nothing here.
 */
async function photosFollow(store: Store, decided: readonly DecidedEffects[]): Promise<void> {
  const touched = new Map<string, { deleted: boolean; asesor: string }>();
  for (const d of decided) {
    if (!d.doc?._id) continue;
    if (d.doc._deleted === true) touched.set(d.doc._id, { deleted: true, asesor: adviserOf(d.doc) });
    else if (d.scopeLostBy) touched.set(d.doc._id, { deleted: false, asesor: adviserOf(d.doc) });
  }
  if (!touched.size) return;
  const db = await store.db(FOTO.database);
  // A photo written meanwhile (a conflict) is read and decided again, a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { docs } = await db.find({
      selector: { captacion_id: { $in: [...touched.keys()] } },
      use_index: [FOTOS_BY_CAPTACION.ddoc, FOTOS_BY_CAPTACION.name],
      limit: touched.size * MAX_FOTOS_POR_CAPTACION * 4 + 10,
    });
    const writes: StoreDoc[] = [];
    for (const photo of docs) {
      const t = touched.get(String(photo.captacion_id));
      if (!t || typeof photo._rev !== 'string') continue;
      if (t.deleted) writes.push({ _id: photo._id, _rev: photo._rev, _deleted: true, type: photo.type, captacion_id: photo.captacion_id, asesor: photo.asesor });
      else if (photo.asesor !== t.asesor) writes.push({ ...(await db.get(photo._id)), asesor: t.asesor });
    }
    if (!writes.length) return;
    const results = await db.bulkDocs(writes);
    if (!results.some((r) => r.error)) return;
  }
  throw new Error('Las fotos cambiaron mientras se actualizaban.');
}

/** A deleted `foto` deletes its `foto-original` (same captación and uuid), keeping the owner fields. */
async function originalsFollow(store: Store, decided: readonly DecidedEffects[]): Promise<void> {
  const ids = decided.flatMap((d) => {
    const parsed = d.doc?._deleted === true ? parseFotoId(d.doc._id) : null;
    return parsed?.kind === FOTO_TYPE ? [fotoOriginalId(parsed.captacionId, parsed.uuid)] : [];
  });
  if (!ids.length) return;
  const db = await store.db(FOTO.database);
  const { results } = await db.bulkGet(ids.map((id) => ({ id })));
  const writes: StoreDoc[] = [];
  for (const r of results) {
    for (const e of r.docs) {
      if ('ok' in e && e.ok._deleted !== true && typeof e.ok._rev === 'string') {
        writes.push({ _id: e.ok._id, _rev: e.ok._rev, _deleted: true, type: e.ok.type, captacion_id: e.ok.captacion_id, asesor: e.ok.asesor });
      }
    }
  }
  if (writes.length) await db.bulkDocs(writes);
}
