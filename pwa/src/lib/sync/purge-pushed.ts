/**
 * Documents a database's declaration keeps on the device only until the server has them
 * (`DeviceDatabase.purgedOncePushed`: a photo's full-size original, issue 22): after that they only
 * take room, since a device never pulls them back. Once a push of the database went through, the
 * ones the server confirms it holds (`_revs_diff`: no revision missing) are purged here.
 *
 * A purge, never a deletion: a deletion would replicate and delete the server's copy. PouchDB's
 * `purge` exists only in some adapters; the browser's (`indexeddb`) has it, and refused.ts relies
 * on it already. Where it is missing (another adapter), the documents are simply kept.
 */
import type { LocalDatabase } from '../db/pouch';
import { purgeAll } from './refused';

const canPurge = (db: LocalDatabase): boolean => typeof (db as unknown as { purge?: unknown }).purge === 'function';

/** Purges the local documents under `prefix` the server holds; returns their ids. Never throws: the next push tries again. */
export async function purgeSyncedDocs(local: LocalDatabase, remote: LocalDatabase, prefix: string): Promise<string[]> {
  if (!canPurge(local) || !prefix) return [];
  try {
    const res = await local.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` });
    const rows = res.rows.filter((r) => r.id.startsWith(prefix));
    if (!rows.length) return [];
    const diff = await remote.revsDiff(Object.fromEntries(rows.map((r) => [r.id, [r.value.rev]])));
    const held = rows.filter((r) => !(diff[r.id]?.missing ?? []).length);
    for (const row of held) await purgeAll(local, row.id, [row.value.rev]);
    return held.map((r) => r.id);
  } catch {
    return [];
  }
}
