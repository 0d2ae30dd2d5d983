/**
 * Full-size photos a person took (`foto-original`, issue 22) stay on the device until the server
 * has them; after that they only take room (a device never pulls originals: it reads one by id
 * when a person opens it). Once a push of the photos' database went through, the originals the
 * server confirms it holds (`_revs_diff`: no revision missing) are purged here.
 *
 * A purge, never a deletion: a deletion would replicate and delete the server's copy. PouchDB's
 * `purge` exists only in some adapters; the browser's (`indexeddb`) has it, and refused.ts relies
 * on it already. Where it is missing (another adapter), the originals are simply kept.
 */
import { parseFotoId } from '../../../../couch-design/fotos/types';
import type { LocalDatabase } from '../db/pouch';
import { purgeAll } from './refused';

const PREFIX = 'foto-original:';

const canPurge = (db: LocalDatabase): boolean => typeof (db as unknown as { purge?: unknown }).purge === 'function';

/** Purges the local originals the server holds; returns their ids. Never throws: the next push tries again. */
export async function purgeSyncedOriginals(local: LocalDatabase, remote: LocalDatabase): Promise<string[]> {
  if (!canPurge(local)) return [];
  try {
    const res = await local.allDocs({ startkey: PREFIX, endkey: `${PREFIX}\ufff0` });
    const rows = res.rows.filter((r) => parseFotoId(r.id)?.kind === 'foto-original');
    if (!rows.length) return [];
    const diff = await remote.revsDiff(Object.fromEntries(rows.map((r) => [r.id, [r.value.rev]])));
    const held = rows.filter((r) => !(diff[r.id]?.missing ?? []).length);
    for (const row of held) await purgeAll(local, row.id, [row.value.rev]);
    return held.map((r) => r.id);
  } catch {
    return [];
  }
}
