/**
 * Wiping a person off this device: their databases, their wrapped key and the little the app
 * keeps beside them (the last sync's time, when each record was last used, what they pinned). Used by a sign-out, a revoked session, the last
 * wrong password, and a different person signing in on a shared tablet.
 */
import { PUSHED_DBS } from '../db/databases';
import { dbFor, destroyLocalDbs } from '../db/registry';
import { clearStoredUser, clearTabCopies, readStoredUser } from '../session-storage';
import { lastUseKey } from '../sync/last-use';
import { defaultKeyValueStore, lastSyncKey, readPushSeq } from '../sync/meta';
import { setPinsKey } from '../sync/set-pins';
import { unlockedWithinGrace } from './offline-limits';
import { forgetVault } from './vault';
import { vaultOwners } from './vault-store';

export async function wipePersonData(userId: string): Promise<void> {
  forgetVault(userId);
  if (readStoredUser()?.id === userId) clearStoredUser();
  clearTabCopies();
  await destroyLocalDbs(userId);
  defaultKeyValueStore.remove(lastSyncKey(userId));
  defaultKeyValueStore.remove(lastUseKey(userId));
  defaultKeyValueStore.remove(setPinsKey(userId));
}

/**
 * Whether a person's pushed databases hold writes after their last push checkpoint; readable while
 * they are locked (ids and the clear checkpoint only). It may answer yes for records a pull brought
 * after that checkpoint: in doubt the data stays.
 */
export async function mayHaveUnsent(userId: string): Promise<boolean> {
  for (const name of PUSHED_DBS) {
    const db = dbFor(userId, name);
    const since = await readPushSeq(db);
    const res = await db.changes({ since, limit: 50, return_docs: true });
    if (res.results.some((c) => !c.id.startsWith('_design/'))) return true;
  }
  return false;
}

/**
 * A person signs in on a shared tablet: every other person's data on this device goes, unless it
 * may hold changes that were never sent, or its owner opened it here within their grace period
 * (the colleague who hands the tablet over at lunch finds it as they left it). What stays is
 * sealed by its owner's key: nobody else's password opens it.
 */
export async function wipeOthers(userId: string, at = Date.now()): Promise<void> {
  for (const other of vaultOwners()) {
    if (other === userId || unlockedWithinGrace(other, at)) continue;
    if (await mayHaveUnsent(other).catch(() => true)) continue;
    await wipePersonData(other);
  }
}
