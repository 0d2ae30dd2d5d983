/**
 * A typed repository over one database of the Store port, for documents of one `type`.
 *
 * - A document that is missing, deleted or of another type reads as absent (null), so a caller
 *   never tells "never existed" from "deleted" from "a design document" by accident.
 * - Writes are compare-and-swap on `_rev`, as CouchDB does: `put` lets the store's conflict
 *   (StoreError 409) through, which the error handler answers as 409; `putIfCurrent` answers
 *   null instead, for callers that retry.
 * - Reads that mean "all" page through the database; none relies on Mango's default of 25 rows.
 */
import { okDocs, winningLeaf } from './winner';
import { isConflict, isNotFound, type MangoSelector, type StoreDb, type StoreDoc, type WriteResult } from './port';

/** Documents per Mango page when reading "all". */
const PAGE = 500;

export class DocRepository<T extends { _id: string; _rev?: string; type: string }> {
  constructor(
    readonly db: StoreDb,
    readonly type: T['type'],
  ) {}

  private isMine(doc: StoreDoc | undefined | null): boolean {
    return !!doc && !doc._deleted && doc.type === this.type;
  }

  async get(id: string): Promise<T | null> {
    try {
      const doc = await this.db.get(id);
      return this.isMine(doc) ? (doc as unknown as T) : null;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  /** Current revisions of these ids in one call, in the order asked; absent ones left out. */
  async getMany(ids: readonly string[]): Promise<T[]> {
    const unique = [...new Set(ids.filter((id) => id !== ''))];
    if (unique.length === 0) return [];
    const { results } = await this.db.bulkGet(unique.map((id) => ({ id })));
    const byId = new Map<string, T>();
    for (const r of results) {
      const doc = winningLeaf(okDocs(r.docs));
      if (doc && !doc._deleted && this.isMine(doc)) byId.set(r.id, doc as unknown as T);
    }
    return unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** Documents of this type matching the selector, at most `limit` of them (`index`: a design doc and index name to use). */
  async find(selector: MangoSelector, opts: { limit: number; fields?: string[]; index?: { ddoc: string; name: string } }): Promise<T[]> {
    const { docs } = await this.db.find({
      selector: { ...selector, type: this.type },
      limit: opts.limit,
      fields: opts.fields,
      ...(opts.index ? { use_index: [opts.index.ddoc, opts.index.name] as [string, string] } : {}),
    });
    return docs.filter((d) => !d._deleted && (opts.fields ? true : d.type === this.type)) as unknown as T[];
  }

  /** Every document of this type matching the selector, read page by page in `_id` order. */
  async all(selector: MangoSelector = {}, fields?: string[]): Promise<T[]> {
    const out: T[] = [];
    let after: string | null = null;
    for (;;) {
      const idRange: Record<string, unknown> = after === null ? { $gt: null } : { $gt: after };
      const { docs } = await this.db.find({
        selector: { ...selector, type: this.type, _id: idRange },
        sort: ['_id'],
        limit: PAGE,
        fields: fields ? [...new Set(['_id', ...fields])] : undefined,
      });
      out.push(...(docs as unknown as T[]));
      if (docs.length < PAGE) return out;
      after = docs[docs.length - 1]._id;
    }
  }

  /** Writes the document; a stale `_rev` throws the store's conflict (answered 409). */
  async put(doc: T): Promise<T> {
    const res: WriteResult = await this.db.put(doc);
    return { ...doc, _rev: res.rev };
  }

  /** Like `put`, but a stale `_rev` answers null so the caller can read again and retry. */
  async putIfCurrent(doc: T): Promise<T | null> {
    try {
      return await this.put(doc);
    } catch (e) {
      if (isConflict(e)) return null;
      throw e;
    }
  }

  /**
   * Like `putIfCurrent`, and null too when a cluster kept the write on fewer copies than its quorum
   * (`accepted`): a write racing it on the same revision may have been confirmed instead.
   */
  async putIfConfirmed(doc: T): Promise<T | null> {
    try {
      const res = await this.db.put(doc);
      return res.accepted ? null : { ...doc, _rev: res.rev };
    } catch (e) {
      if (isConflict(e)) return null;
      throw e;
    }
  }

  /** Deletes the current revision, keeping `type` on the tombstone; false when it changed meanwhile. */
  async removeIfCurrent(doc: Pick<T, '_id' | '_rev'>): Promise<boolean> {
    try {
      await this.db.put({ _id: doc._id, _rev: doc._rev, _deleted: true, type: this.type });
      return true;
    } catch (e) {
      if (isConflict(e)) return false;
      throw e;
    }
  }

  getAttachment(id: string, name: string): Promise<{ data: Buffer; contentType: string }> {
    return this.db.getAttachment(id, name);
  }

  /** Adds or replaces an attachment of the current revision; null when the revision changed meanwhile. */
  async putAttachmentIfCurrent(id: string, name: string, rev: string, data: Buffer, contentType: string): Promise<string | null> {
    try {
      return (await this.db.putAttachment(id, name, rev, data, contentType)).rev ?? null;
    } catch (e) {
      if (isConflict(e)) return null;
      throw e;
    }
  }
}
