/**
 * `scope_epoch` on the user document: a counter that moves when documents leave a person's
 * scope without any change the person's selector could see (a captación reassigned away from a
 * supervisor). It feeds `scopeFingerprint`, hence the replication uuid, so the device drops its
 * old checkpoint and pulls its scope again.
 */
import { captacionesScopeKind } from '../../../couch-design/scope';
import type { Actors } from '../http/actor';
import { isConflict, isNotFound, type Store, type StoreDoc } from '../store/port';

async function loadUser(store: Store, userId: string): Promise<StoreDoc | null> {
  try {
    const doc = await (await store.db('usuarios')).get(userId);
    return doc.type === 'usuario' && !doc._deleted ? doc : null;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

const epochOf = (doc: StoreDoc | null): number => {
  const n = Number(doc?.scope_epoch);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

export async function readScopeEpoch(store: Store, userId: string): Promise<number> {
  return epochOf(await loadUser(store, userId));
}

export interface BumpOptions {
  /** Bump even when this person's scope does not depend on the adviser (everyone reads all captaciones). */
  force?: boolean;
}

/**
 * Call when a captación stops being advised by `userId` (an admin reassigned it, through REST or
 * replication). Only people whose scope is "their own captaciones" (supervisors) lose documents
 * that way; bumping everyone else would make their devices pull the whole database again for
 * nothing, so they are left alone unless `force`. Returns whether the epoch moved.
 */
export async function bumpScopeEpoch(
  store: Store,
  userId: string,
  sessionUsers?: Pick<Actors, 'invalidate'>,
  opts: BumpOptions = {},
): Promise<boolean> {
  if (!userId) return false;
  const usuarios = await store.db('usuarios');
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = await loadUser(store, userId);
    if (!doc) return false;
    if (!opts.force && captacionesScopeKind({ id: doc._id, role: String(doc.role ?? '') }) !== 'propias') return false;
    try {
      await usuarios.put({ ...doc, scope_epoch: epochOf(doc) + 1 });
      sessionUsers?.invalidate(userId);
      return true;
    } catch (e) {
      // Someone edited the user meanwhile: read it again rather than lose their change.
      if (!isConflict(e)) throw e;
    }
  }
  throw new Error(`No se pudo actualizar scope_epoch del usuario ${userId}`);
}
