/**
 * Captaciones as the store last gave them, kept for the REST list, so a page is answered without
 * reading its documents again: on a busy CouchDB that read was most of a list's time. A body is
 * handed out only at the revision the directory shows for its id (directory-entry.ts), so a page
 * is never older or newer than the order and count it comes with. Only bodies read from the store
 * are kept (a pushed document can still carry `_revisions` or inline attachments).
 */
import type { StoreDoc } from '../store/port';

/** A few thousand bodies of about 3 KB: the first pages of every list, a few megabytes. */
const MAX_BODIES = 2_000;

export class ListedBodies {
  private readonly docs = new Map<string, StoreDoc>();

  constructor(private readonly max = MAX_BODIES) {}

  keep(doc: StoreDoc): void {
    this.docs.delete(doc._id);
    this.docs.set(doc._id, doc);
    // Least recently used first out: a Map iterates in insertion order.
    if (this.docs.size > this.max) this.docs.delete(this.docs.keys().next().value as string);
  }

  at(id: string, rev: string | null): StoreDoc | undefined {
    const doc = this.docs.get(id);
    if (!doc || rev === null || doc._rev !== rev) return undefined;
    this.docs.delete(id);
    this.docs.set(id, doc);
    return doc;
  }
}
