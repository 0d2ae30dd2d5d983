/**
 * `scope_epoch` on the user document: a counter that moves when documents leave a person's
 * scope without any change the person's selector could see (a captación reassigned away from a
 * supervisor). It feeds `scopeFingerprint`, hence the replication uuid, so the device drops its
 * old checkpoint and pulls its scope again. Bumped as a write's `scope-lost` effect (effects.ts)
 * and when a person's link or role changes (personas/service.ts); read by the replication endpoint.
 */
import { scopeFollowsAdviser } from '../../../couch-design/scope';
import { USUARIO } from '../../../couch-design/usuario/entity';
import type { Actors } from '../http/actor';
import { DocRepository } from '../store/doc-repository';
import type { Store } from '../store/port';

/** What this counter reads of an account, and no more. */
interface Account {
  _id: string;
  _rev?: string;
  type: 'usuario';
  role?: string;
  scope_epoch?: number;
}

/** The accounts as typed documents: missing, deleted or other documents read as absent. */
async function accounts(store: Store): Promise<DocRepository<Account>> {
  return new DocRepository<Account>(await store.db(USUARIO.database), USUARIO.docTypes[0]);
}

const epochOf = (doc: Account | null): number => {
  const n = Number(doc?.scope_epoch);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

export async function readScopeEpoch(store: Store, userId: string): Promise<number> {
  return epochOf(await (await accounts(store)).get(userId));
}

export interface BumpOptions {
  /** Bump even when this person's scope does not depend on who advises a record (they read them all). */
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
  const usuarios = await accounts(store);
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = await usuarios.get(userId);
    if (!doc) return false;
    if (!opts.force && !scopeFollowsAdviser({ id: doc._id, role: String(doc.role ?? '') })) return false;
    // Someone edited the user meanwhile (null): read it again rather than lose their change.
    if (await usuarios.putIfCurrent({ ...doc, scope_epoch: epochOf(doc) + 1 })) {
      sessionUsers?.invalidate(userId);
      return true;
    }
  }
  throw new Error(`No se pudo actualizar scope_epoch del usuario ${userId}`);
}
