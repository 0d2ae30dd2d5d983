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
import type { KeyValueStore } from './meta';
import { rememberPins } from './set-pins';
import type { FetchFn } from './remote';
import { isDesign, remoteDb } from './replication';

export interface Row {
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
  /** Where the set answer's pins are remembered (set-pins.ts); localStorage by default. */
  keyValue?: KeyValueStore;
}

/** A set database's record on the device, its followers' records beside it. */
export interface Leaving extends Row {
  followers: Row[];
}

type SetEntity = ReturnType<typeof syncedEntities>[number];

/** The set databases this device can purge from, with the paths of their set answer and of forgetting marks. */
export function purgeableSets(userId: string): { set: SetEntity; path: string; forgetPath: string; local: LocalDatabase }[] {
  return syncedEntities().flatMap((set) => {
    const declared = set.sync.deviceSet;
    if (!declared || !set.sync.device) return [];
    const local = dbFor(userId, set.database as SyncedDbName);
    return canPurge(local) ? [{ set, path: declared.path, forgetPath: declared.forgetPath, local }] : [];
  });
}

/** The gateway's set answer (`ids`, and those that never leave for the budget: pinned and advised), or null. */
export async function fetchSetAnswer(ctx: EvictContext, path: string): Promise<{ ids: Set<string>; kept: Set<string> } | null> {
  const res = await ctx.fetch(`${ctx.origin}${path}`, { headers: { Accept: 'application/json' }, credentials: 'include' });
  if (!res.ok) return null;
  const body = (await res.json()) as { ids?: unknown; fijadas?: unknown; asesoradas?: unknown };
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  rememberPins(ctx.userId, path, list(body.fijadas), ctx.keyValue);
  return { ids: new Set(list(body.ids)), kept: new Set([...list(body.fijadas), ...list(body.asesoradas)]) };
}

/** The set database's records that `select` names and no form draft names. */
export async function candidatesIn(ctx: EvictContext, local: LocalDatabase, select: (id: string) => boolean): Promise<Row[]> {
  const drafts = (await draftDocIds(dbFor(ctx.userId, HOME_DB))).map(String);
  return (await leavesOf(local, (d) => select(String(d._id)))).filter((r) => !drafts.some((d) => d.includes(r.id)));
}

/**
 * Purges those of `gone` (records of `set`'s database) that have nothing pending, their own or a
 * follower's, with their followers; `pick` chooses among them (all, by default). Returns the
 * purged ids.
 */
export async function purgeLeaving(ctx: EvictContext, set: SetEntity, local: LocalDatabase, gone: Row[], pick: (safe: Leaving[]) => Leaving[] = (all) => all): Promise<string[]> {
  if (!gone.length) return [];
  const goneIds = new Set(gone.map((r) => r.id));
  // Each follower's records of the records leaving, with what the server holds of them.
  const followers = await Promise.all(
    syncedEntities().flatMap((e) => {
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
  const onServer = await held(remoteDb(ctx.origin, set.database as SyncedDbName, ctx.fetch), gone);
  // A record with anything pending (its own or a follower's) stays, followers and all.
  const stays = new Set(gone.filter((r) => !onServer.has(r.id)).map((r) => r.id));
  for (const f of followers) for (const r of f.rows) if (!f.onServer.has(r.id)) stays.add(f.parentOf.get(r.id) ?? '');
  const safe = gone
    .filter((r) => !stays.has(r.id))
    .map((r) => ({ ...r, followers: followers.flatMap((f) => f.rows.filter((x) => f.parentOf.get(x.id) === r.id)) }));
  const chosen = new Set(pick(safe).map((r) => r.id));
  for (const f of followers) {
    if (!canPurge(f.db)) continue;
    for (const r of f.rows) if (chosen.has(f.parentOf.get(r.id) ?? '')) await purgeAll(f.db, r.id, r.revs);
  }
  const purged: string[] = [];
  for (const r of gone) {
    if (!chosen.has(r.id)) continue;
    await purgeAll(local, r.id, r.revs);
    purged.push(r.id);
  }
  return purged;
}

/** Purges what left the person's device sets; returns the purged ids of the set databases. */
export async function evictOutsideSets(ctx: EvictContext): Promise<string[]> {
  const purged: string[] = [];
  try {
    await whenReady(ctx.userId);
    for (const { set, path, local } of purgeableSets(ctx.userId)) {
      const answer = await fetchSetAnswer(ctx, path);
      if (!answer) continue;
      const gone = await candidatesIn(ctx, local, (id) => !answer.ids.has(id));
      purged.push(...(await purgeLeaving(ctx, set, local, gone)));
    }
  } catch (err) {
    console.warn('No se pudo quitar del dispositivo lo que salió de su conjunto.', err);
  }
  return purged;
}
