/**
 * The pulls of a live session: every database of the table (databases.ts) comes down
 * continuously while online. Without PouchDB's own retry: a failure ends the session, and the
 * engine starts a new one with backoff.
 */
import { databaseSpec, SYNCED_DBS, type SyncedDbName } from '../db/databases';
import type { FetchFn } from '../db/pouch';
import { dbFor } from '../db/registry';
import { PULL_CHECKPOINT } from './checkpoints';
import { remoteDb, type Replication } from './replication';

export interface LiveSession {
  readonly pulls: readonly Replication[];
  /** Pulls that have not reached 'paused' (caught up) since they last became active. */
  readonly active: Set<Replication>;
}

export interface PullEvents {
  /** A pull started moving. */
  active(session: LiveSession): void;
  /** A pull caught up. */
  paused(session: LiveSession): void;
  failed(session: LiveSession, err: unknown): void;
  /**
   * The revisions of one document the gateway's `_changes` listed to a pull of `name`, before the
   * pull fetches and writes them: the server's own, never pending, even if the batch then fails
   * after writing them (PouchDB writes what it got, then raises 'There was a problem getting
   * docs' without a 'change' event for that batch).
   */
  listed(name: SyncedDbName, id: string, revs: string[]): void;
  /** Revisions a pull wrote into `name` (a batch went through). */
  pulled(session: LiveSession, name: SyncedDbName, docs: Array<{ _id: string; _rev: string }>): void;
}

/** A pull's batch: the database's own pull size, else its batch size, never above the engine's. */
function pullBatchSize(name: SyncedDbName, engine: number): number {
  const spec = databaseSpec(name);
  return Math.min(engine, spec.pullBatchSize ?? spec.batchSize ?? engine);
}

/**
 * `longpollMs`: how long the gateway may hold a waiting `_changes` (PouchDB's `timeout`), so that a
 * request unanswered for much longer means a stalled pull (pull-watchdog.ts).
 */
export function startPulls(opts: { userId: string; origin: string; fetch: FetchFn; batchSize: number; longpollMs: number }, events: PullEvents): LiveSession {
  const base = { live: true, retry: false, batch_size: opts.batchSize, timeout: opts.longpollMs, ...PULL_CHECKPOINT } as PouchDB.Replication.ReplicateOptions;
  const pulls: Array<{ name: SyncedDbName; rep: Replication }> = SYNCED_DBS.map((name) => ({
    name,
    // A database of photos pulls in its own smaller batches (each thumbnail is fetched with its batch).
    rep: dbFor(opts.userId, name).replicate.from(remoteDb(opts.origin, name, opts.fetch), { ...base, batch_size: pullBatchSize(name, opts.batchSize) }),
  }));
  const session: LiveSession = { pulls: pulls.map((p) => p.rep), active: new Set(pulls.map((p) => p.rep)) };
  for (const { name, rep } of pulls) {
    rep.on('active', () => {
      session.active.add(rep);
      events.active(session);
    });
    rep.on('paused', (err?: unknown) => {
      if (err) return;
      session.active.delete(rep);
      events.paused(session);
    });
    rep.on('error', (err: unknown) => events.failed(session, err));
    rep.on('change', (info: { docs?: Array<{ _id: string; _rev: string }> }) => events.pulled(session, name, info.docs ?? []));
    rep.on('checkpoint', (info: { revs_diff?: { id: string; changes: Array<{ rev: string }> } }) => {
      const change = info.revs_diff;
      if (change) events.listed(name, change.id, change.changes.map((c) => c.rev));
    });
  }
  return session;
}

/** Cancels the pulls; resolves once each has ended. */
export async function stopPulls(session: LiveSession): Promise<void> {
  for (const rep of session.pulls) rep.cancel();
  await Promise.all(session.pulls.map((r) => r.then(() => undefined, () => undefined)));
}
