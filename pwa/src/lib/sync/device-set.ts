/**
 * What left the device set leaves the device (issue 34; docs/architecture.md «El conjunto del
 * dispositivo»). Once a live session pulled with a new set fingerprint, the records of a set
 * database (captaciones) that the gateway no longer lists, and the records that follow them
 * (photos, visits), are purged, never deleted (a deletion would replicate). Only when nothing is
 * pending for any of them: the server must hold the current revision of the record and of each
 * follower (`_revs_diff`, nothing missing), and no form draft names it. Never throws: the next set
 * change tries again.
 */
import { followLinkOf } from '../../../../couch-design/entity';
import { syncedEntities } from '../../../../couch-design/entities';
import { draftDocIds } from '../db/drafts';
import { HOME_DB, type SyncedDbName } from '../db/databases';
import type { LocalDatabase } from '../db/pouch';
import { dbFor, whenReady } from '../db/registry';
import { purgeAll } from './refused';
import type { FetchFn } from './remote';
import { isDesign, remoteDb } from './replication';

interface Row {
  id: string;
  revs: string[];
  doc: Record<string, unknown>;
}

const canPurge = (db: LocalDatabase): boolean => typeof (db as unknown as { purge?: unknown }).purge === 'function';

/** Every leaf of each local document (`select` true), with its doc when asked. */
async function leavesOf(db: LocalDatabase, select: (doc: Record<string, unknown>) => boolean): Promise<Row[]> {
  const { rows } = await db.allDocs({ include_docs: true, conflicts: true });
  return rows.flatMap((r) => {
    const doc = r.doc as (Record<string, unknown> & { _conflicts?: string[] }) | undefined;
    if (!doc || isDesign(r.id) || !select(doc)) return [];
    return [{ id: r.id, revs: [r.value.rev, ...(doc._conflicts ?? [])], doc }];
  });
}

/** The rows whose every revision the server holds. */
async function held(remote: LocalDatabase, rows: Row[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const diff = await remote.revsDiff(Object.fromEntries(rows.map((r) => [r.id, r.revs])));
  return new Set(rows.filter((r) => !(diff[r.id]?.missing ?? []).length).map((r) => r.id));
}

export interface EvictContext {
  userId: string;
  origin: string;
  fetch: FetchFn;
}

/** Purges what left the person's device sets; returns the purged ids of the set databases. */
export async function evictOutsideSets(ctx: EvictContext): Promise<string[]> {
  const entities = syncedEntities();
  const purged: string[] = [];
  try {
    await whenReady(ctx.userId);
    const drafts = new Set((await draftDocIds(dbFor(ctx.userId, HOME_DB))).map(String));
    for (const set of entities) {
      const path = set.sync.deviceSet?.path;
      if (!path || !set.sync.device) continue;
      const name = set.database as SyncedDbName;
      const local = dbFor(ctx.userId, name);
      if (!canPurge(local)) continue;
      const res = await ctx.fetch(`${ctx.origin}${path}`, { headers: { Accept: 'application/json' }, credentials: 'include' });
      if (!res.ok) continue;
      const keep = new Set(((await res.json()) as { ids?: unknown }).ids as string[]);
      const gone = (await leavesOf(local, (d) => !keep.has(String(d._id)))).filter((r) => ![...drafts].some((d) => d.includes(r.id)));
      if (!gone.length) continue;
      // Each follower's records of the records leaving, with what the server holds of them.
      const goneIds = new Set(gone.map((r) => r.id));
      const followers = await Promise.all(
        entities.flatMap((e) => {
          const link = followLinkOf(e.sync);
          if (!link || link.parent !== set.database || !e.sync.device) return [];
          const db = dbFor(ctx.userId, e.database as SyncedDbName);
          return [
            (async () => {
              const rows = await leavesOf(db, (d) => goneIds.has(String(d[link.field])));
              const parentOf = new Map(rows.map((r) => [r.id, String(r.doc[link.field])]));
              return { db, rows, parentOf, onServer: await held(remoteDb(ctx.origin, e.database as SyncedDbName, ctx.fetch), rows) };
            })(),
          ];
        }),
      );
      const onServer = await held(remoteDb(ctx.origin, name, ctx.fetch), gone);
      // A record with anything pending (its own or a follower's) stays, followers and all.
      const stays = new Set(gone.filter((r) => !onServer.has(r.id)).map((r) => r.id));
      for (const f of followers) for (const r of f.rows) if (!f.onServer.has(r.id)) stays.add(f.parentOf.get(r.id) ?? '');
      for (const f of followers) {
        if (!canPurge(f.db)) continue;
        for (const r of f.rows) if (!stays.has(f.parentOf.get(r.id) ?? '')) await purgeAll(f.db, r.id, r.revs);
      }
      for (const r of gone) {
        if (stays.has(r.id)) continue;
        await purgeAll(local, r.id, r.revs);
        purged.push(r.id);
      }
    }
  } catch (err) {
    console.warn('No se pudo quitar del dispositivo lo que salió de su conjunto.', err);
  }
  return purged;
}
