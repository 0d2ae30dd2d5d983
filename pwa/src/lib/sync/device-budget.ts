/**
 * The device stays within the operator's storage budget (issue 34 item 3, DISPOSITIVO_ESPACIO_MB;
 * docs/architecture.md «Espacio del dispositivo»). What the person's data takes is the sum of their
 * local databases' documents and attachments, as this person's records hold them: the browser's
 * `navigator.storage.estimate()` counts the whole origin (the app's own cache, other people's data
 * on a shared tablet), is padded and rounded on purpose, and does not move at once when a record is
 * purged, so it cannot tell how much a record's leaving frees. Past the budget, the least recently
 * used records of the set databases leave through the same purge as what left the set: never one
 * with anything pending, never one the person pinned or advises. The gateway is then told to forget
 * that the person opened or edited them, so they leave the set instead of coming back with their
 * next change on the server.
 */
import { SYNCED_DBS } from '../db/databases';
import type { LocalDatabase } from '../db/pouch';
import { dbFor, whenReady } from '../db/registry';
import { candidatesIn, fetchSetAnswer, purgeableSets, purgeLeaving, type EvictContext, type Leaving, type Row } from './device-set';
import { lastUses } from './last-use';
import { isDesign } from './replication';

export const MB = 1024 * 1024;

/** What the person's data takes on the device and how much it may take, in bytes. */
export interface DeviceHolding {
  bytes: number;
  budget: number;
}

const encoder = new TextEncoder();

/** A document's bytes: its JSON and the files it carries. */
export function docBytes(doc: Record<string, unknown>): number {
  const { _attachments, ...rest } = doc as { _attachments?: Record<string, { length?: unknown; data?: unknown }> };
  let bytes = encoder.encode(JSON.stringify(rest)).length;
  for (const a of Object.values(_attachments ?? {})) {
    if (typeof a.length === 'number') bytes += a.length;
    else if (typeof a.data === 'string') bytes += Math.floor((a.data.length * 3) / 4);
  }
  return bytes;
}

async function databaseBytes(db: LocalDatabase): Promise<number> {
  const { rows } = await db.allDocs({ include_docs: true, conflicts: true });
  return rows.reduce((sum, r) => (r.doc && !isDesign(r.id) ? sum + docBytes(r.doc as unknown as Record<string, unknown>) : sum), 0);
}

/** What the person's local databases take. */
export async function measureHeld(userId: string): Promise<number> {
  await whenReady(userId);
  const sizes = await Promise.all(SYNCED_DBS.map((name) => databaseBytes(dbFor(userId, name))));
  return sizes.reduce((a, b) => a + b, 0);
}

const leavingBytes = (r: Leaving): number => [r, ...r.followers].reduce((sum: number, x: Row) => sum + docBytes(x.doc), 0);

/**
 * The gateway forgets that the person opened or edited what left for space (`forgetPath`).
 * Unsent (offline, a failure), the marks stay: the record comes back when it changes on the
 * server, leaves again at the next pass, and this is tried again then.
 */
async function forgetMarks(ctx: EvictContext, forgetPath: string, ids: string[]): Promise<void> {
  try {
    const res = await ctx.fetch(`${ctx.origin}${forgetPath}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ ids }),
    });
    if (!res.ok) console.warn('La pasarela no olvidó lo que salió del dispositivo por espacio.', res.status);
  } catch (err) {
    console.warn('No se pudo avisar a la pasarela de lo que salió del dispositivo por espacio.', err);
  }
}

export interface BudgetContext extends EvictContext {
  /** Bytes the person's data may take (DISPOSITIVO_ESPACIO_MB). */
  budget: number;
}

/** Brings the person's data within the budget; returns what it takes afterwards and the purged ids. */
export async function keepWithinBudget(ctx: BudgetContext): Promise<DeviceHolding & { purged: string[] }> {
  let bytes = await measureHeld(ctx.userId);
  const purged: string[] = [];
  if (bytes <= ctx.budget) return { bytes, budget: ctx.budget, purged };
  try {
    const uses = lastUses(ctx.userId, ctx.keyValue);
    for (const { set, path, forgetPath, local } of purgeableSets(ctx.userId)) {
      if (bytes <= ctx.budget) break;
      const answer = await fetchSetAnswer(ctx, path);
      if (!answer) continue;
      const candidates = await candidatesIn(ctx, local, (id) => !answer.kept.has(id));
      // Least recently used first; never used here (pulled, not opened) before any used one.
      const pick = (safe: Leaving[]): Leaving[] => {
        const chosen: Leaving[] = [];
        let over = bytes - ctx.budget;
        for (const r of [...safe].sort((a, b) => (uses.get(a.id) ?? 0) - (uses.get(b.id) ?? 0) || a.id.localeCompare(b.id))) {
          if (over <= 0) break;
          chosen.push(r);
          over -= leavingBytes(r);
        }
        return chosen;
      };
      const gone = await purgeLeaving(ctx, set, local, candidates, pick);
      purged.push(...gone);
      if (gone.length) await forgetMarks(ctx, forgetPath, gone);
      bytes = await measureHeld(ctx.userId);
    }
  } catch (err) {
    console.warn('No se pudo liberar espacio en el dispositivo.', err);
  }
  return { bytes, budget: ctx.budget, purged };
}
