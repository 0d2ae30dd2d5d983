/**
 * The person's scope (role, employee link, assignments) as the gateway fingerprints it in
 * `GET /db/`. When it changed, the local copy is wiped and pulled again: an old checkpoint would
 * miss documents that entered the scope. Pending changes are pushed first; only databases with
 * nothing pending are wiped.
 */
import { HOME_DB } from '../db/databases';
import { draftDocIds } from '../db/drafts';
import type { LocalDatabase } from '../db/pouch';
import { dbFor, whenReady, wipeLocalDbs } from '../db/registry';
import { REJECTED_ID } from '../db/rejected';
import { readScope, writeScope } from './meta';
import type { PendingChanges } from './pending';
import { SyncFailure } from './remote';
import { TEXT_PENDING_BEFORE_WIPE } from './texts';

export interface ScopeChangeContext {
  userId: string;
  /** The pushed databases. */
  databases: readonly PendingChanges[];
  stopLive(): Promise<void>;
  /** One push of every pushed database; throws what it failed with. */
  pushOnce(timeoutMs: number): Promise<void>;
  /** Counts the pending changes now. */
  pendingCount(): Promise<number>;
  recount(): Promise<void>;
}

const PUSH_ROUNDS = 3;

const updateSeq = async (db: LocalDatabase): Promise<number> => Number((await db.info()).update_seq);

/** Compares the stored scope with the gateway's; a first sync stores it. */
export async function followScope(ctx: ScopeChangeContext, scope: string): Promise<void> {
  await whenReady(ctx.userId);
  const home = dbFor(ctx.userId, HOME_DB);
  const stored = await readScope(home);
  if (stored === null) await writeScope(home, scope);
  else if (stored !== scope) await rescope(ctx, scope);
}

/** Push everything first; only a database with nothing pending is wiped and pulled again. */
async function rescope(ctx: ScopeChangeContext, scope: string): Promise<void> {
  await ctx.stopLive();
  let pending = 0;
  for (let round = 0; round < PUSH_ROUNDS; round++) {
    await ctx.pushOnce(60_000);
    pending = await ctx.pendingCount();
    if (pending === 0) break;
  }
  if (pending > 0) throw new SyncFailure('server', TEXT_PENDING_BEFORE_WIPE);
  const checkedAt = new Map<string, number>();
  for (const { name } of ctx.databases) checkedAt.set(name, await updateSeq(dbFor(ctx.userId, name)));
  for (const p of ctx.databases) await p.writesSettled();
  await wipeLocalDbs(ctx.userId, {
    // A write that slipped in after the last push would be lost: push it first, wipe later.
    beforeDestroy: async (old) => {
      for (const { name } of ctx.databases) {
        if ((await updateSeq(old[name])) !== checkedAt.get(name)) throw new SyncFailure('server', TEXT_PENDING_BEFORE_WIPE);
      }
    },
    keepLocal: async (old) => [...(await draftDocIds(old)), REJECTED_ID],
    prepare: async (fresh) => {
      await writeScope(fresh[HOME_DB], scope);
    },
  });
  for (const p of ctx.databases) p.reset();
  await ctx.recount();
}
