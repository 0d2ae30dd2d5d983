/**
 * `_local/instancia`: a random id written once into each synced database, the first time the
 * gateway finds it missing. Devices keep their replication checkpoints on their own side only
 * (the PWA's pulls and pushes), so nothing on the server would tell them that a database was
 * recreated or restored and its sequence started again: they would pull from their old `since`
 * and skip pushing what the server lost. server-info.ts hashes these ids into the replication
 * uuid instead, so a new database means a new replication id, hence a full pull and push.
 *
 * `_local` documents are never replicated, so a database restored by replication (or recreated
 * empty) gets a new id, and so does one restored by `npm run restore` (ops/restore.ts writes a new
 * one). A restore that copies the database files would keep the old one. Clients never reach it:
 * the replication endpoint keeps each person's `_local` documents under their own namespace
 * (local-docs.ts).
 */
import { randomUUID } from 'node:crypto';
import { claimLocal } from '../store/claim-local';
import type { Store, StoreDb } from '../store/port';

export const INSTANCE_DOC = 'instancia';

/** The database's instance id, written now when missing (another gateway process may race to it). */
export function instanceOf(db: StoreDb): Promise<string> {
  return claimLocal(db, INSTANCE_DOC, 'id', () => randomUUID());
}

/**
 * The instance ids of the synced databases, read once per gateway process: a database is only
 * recreated or restored with the gateway stopped (its start deploys the design documents the new
 * database needs), so a restart reads the new ones. A failed read is tried again next time.
 */
export class Instances {
  private cached: Promise<string> | null = null;

  constructor(
    private readonly store: Store,
    private readonly names: readonly string[],
  ) {}

  /** The synced databases' instance ids, in a stable order, as one string. */
  fingerprint(): Promise<string> {
    if (!this.cached) {
      const read = this.read();
      this.cached = read;
      read.catch(() => {
        if (this.cached === read) this.cached = null;
      });
    }
    return this.cached;
  }

  private async read(): Promise<string> {
    const names = [...this.names].sort();
    const ids = await Promise.all(names.map(async (name) => `${name}=${await instanceOf(await this.store.db(name))}`));
    return ids.join(',');
  }
}
