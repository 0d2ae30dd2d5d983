/**
 * The revisions devices just pushed through this gateway, as the store holds them: the body the
 * write policy let through and the revision's whole path. Every device that follows the database
 * learns of a new revision from its feed and asks for it with `_bulk_get` at once; those asks are
 * answered from here instead of reading back from the store what was written a moment ago
 * (reads.ts, only while the database's declaration names that revision as the current one).
 *
 * Only a path that reaches the first revision is kept: the store holds that same path, while a
 * shortened one would make a device see a conflict where there is none. Revisions never change,
 * so a kept one is never wrong, only possibly no longer current, which the caller checks.
 */
import type { StoreDoc } from '../store/port';

/** A few hundred recent revisions of about 3 KB: the ones live devices are about to ask for. */
const MAX_KEPT = 500;
const STORED_MEMBERS = new Set(['_id', '_rev', '_revisions']);

export class FreshRevisions {
  private readonly docs = new Map<string, StoreDoc>();

  constructor(private readonly max = MAX_KEPT) {}

  /** Keeps revisions written with `new_edits: false`, exactly as sent to the store. */
  keep(db: string, docs: readonly StoreDoc[]): void {
    for (const doc of docs) {
      const path = doc._revisions;
      if (!path || path.start !== path.ids.length || doc._attachments !== undefined) continue;
      const key = `${db}\u0000${doc._id}`;
      // As the store answers it: `_deleted` only when true, no other member of its own.
      const kept = Object.fromEntries(Object.entries(doc).filter(([k, v]) => !k.startsWith('_') || STORED_MEMBERS.has(k) || (k === '_deleted' && v === true))) as StoreDoc;
      this.docs.delete(key);
      this.docs.set(key, kept);
      if (this.docs.size > this.max) this.docs.delete(this.docs.keys().next().value as string);
    }
  }

  /** The revision as the store would answer it, with its path, if this gateway wrote it. */
  at(db: string, id: string, rev: string): StoreDoc | undefined {
    const doc = this.docs.get(`${db}\u0000${id}`);
    return doc?._rev === rev ? doc : undefined;
  }
}
