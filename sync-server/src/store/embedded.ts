/**
 * The `embedded` Store adapter: pouchdb-node on LevelDB under `dataDir`, or in memory for tests
 * (`dataDir === ':memory:'`). Answers keep CouchDB 3's shapes so the gateway cannot tell the
 * adapters apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PouchDB, type PouchDatabase, type PouchWrite } from './pouchdb';
import type {
  BulkGetOptions,
  AllDocsRow,
  BulkGetRequest,
  BulkGetResult,
  ChangesOptions,
  ChangesResult,
  DbInfo,
  FindQuery,
  FindResult,
  GetOptions,
  MangoIndex,
  OpenRevResult,
  Store,
  StoreDoc,
  StoreDb,
  WriteResult,
} from './port';
import { StoreError } from './port';
import { toStoreError } from './embedded-errors';
import { bulkGet } from './embedded-bulk-get';
import { changes, WriteSignal } from './embedded-changes';
import { touchesDesign, Validators } from './embedded-validation';

export const MEMORY = ':memory:';

function writeResult(r: PouchWrite, fallbackId: string): WriteResult {
  const id = r.id ?? fallbackId;
  if (r.error) {
    const err = toStoreError(r);
    return { id, error: err.error, reason: err.reason };
  }
  return { ok: true, id, rev: r.rev };
}

function pick<T extends object>(opts: T | undefined, keys: Array<keyof T>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!opts) return out;
  for (const k of keys) if (opts[k] !== undefined) out[k as string] = opts[k];
  return out;
}

const localId = (id: string): string => (id.startsWith('_local/') ? id : `_local/${id}`);

class EmbeddedDb implements StoreDb {
  private readonly validators: Validators;
  private readonly writes = new WriteSignal();

  constructor(
    readonly name: string,
    private readonly pouch: PouchDatabase,
  ) {
    this.validators = new Validators(name);
    // Every concurrent changes() query listens for `destroyed` on the instance: many are normal.
    pouch.setMaxListeners(0);
  }

  async open(): Promise<this> {
    await this.validators.load(this.pouch);
    return this;
  }

  async info(): Promise<DbInfo> {
    try {
      const i = await this.pouch.info();
      return { db_name: this.name, doc_count: i.doc_count, update_seq: String(i.update_seq) };
    } catch (e) {
      throw toStoreError(e);
    }
  }

  /**
   * PouchDB 9 throws outside its callback and keeps its read lock when `latest` names a revision
   * the document never had: every later read of the database then hangs. CouchDB answers such a
   * revision as missing, so only revisions the store knows reach PouchDB with `latest`.
   */
  private async unknownRevs(id: string, revs: string[]): Promise<Set<string>> {
    if (revs.length === 0) return new Set();
    const diff = await this.pouch.revsDiff({ [id]: revs });
    return new Set(diff[id]?.missing ?? []);
  }

  async get(id: string, opts?: GetOptions): Promise<StoreDoc> {
    if (opts?.latest && opts.rev && (await this.unknownRevs(id, [opts.rev])).size > 0) {
      throw new StoreError(404, 'not_found', 'missing');
    }
    try {
      return await this.pouch.get(id, pick(opts, ['rev', 'revs', 'conflicts', 'latest', 'attachments']));
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async getOpenRevs(
    id: string,
    openRevs: 'all' | string[],
    opts?: { revs?: boolean; latest?: boolean; attachments?: boolean },
  ): Promise<OpenRevResult[]> {
    try {
      const unknown = opts?.latest && Array.isArray(openRevs) ? await this.unknownRevs(id, openRevs) : new Set<string>();
      const known = Array.isArray(openRevs) ? openRevs.filter((r) => !unknown.has(r)) : openRevs;
      const query = { open_revs: known, ...pick(opts, ['revs', 'latest', 'attachments']) };
      const found = Array.isArray(known) && known.length === 0 ? [] : await this.pouch.get<OpenRevResult[]>(id, query);
      return [...found, ...[...unknown].map((rev) => ({ missing: rev }))];
    } catch (e) {
      throw toStoreError(e);
    }
  }

  private refuse(doc: StoreDoc): void {
    const refusal = this.validators.check(doc);
    if (refusal) throw refusal;
  }

  private async afterWrite(docs: StoreDoc[]): Promise<void> {
    this.writes.written();
    if (touchesDesign(docs)) await this.validators.load(this.pouch);
  }

  async put(doc: StoreDoc): Promise<WriteResult> {
    this.refuse(doc);
    try {
      const r = await this.pouch.put(doc);
      await this.afterWrite([doc]);
      return writeResult(r, doc._id);
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async remove(id: string, rev: string): Promise<WriteResult> {
    this.refuse({ _id: id, _rev: rev, _deleted: true });
    try {
      const r = await this.pouch.remove(id, rev);
      await this.afterWrite([{ _id: id }]);
      return writeResult(r, id);
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async bulkDocs(docs: StoreDoc[], opts?: { new_edits?: boolean }): Promise<WriteResult[]> {
    const newEdits = opts?.new_edits !== false;
    // Refused documents answer in place, like CouchDB; the rest go to PouchDB in one call.
    const refused = new Map<number, WriteResult>();
    const accepted: StoreDoc[] = [];
    docs.forEach((doc, i) => {
      const err = this.validators.check(doc);
      if (err) refused.set(i, { id: doc._id, ...(doc._rev ? { rev: doc._rev } : {}), error: err.error, reason: err.reason });
      else accepted.push(doc);
    });
    let written: PouchWrite[] = [];
    try {
      if (accepted.length > 0) written = await this.pouch.bulkDocs(accepted, { new_edits: newEdits });
    } catch (e) {
      throw toStoreError(e);
    }
    if (accepted.length > 0) await this.afterWrite(accepted);
    if (!newEdits) {
      // CouchDB answers `[]` for replicated writes, listing only the failures.
      return [...refused.values(), ...written.filter((r) => r.error).map((r) => writeResult(r, ''))];
    }
    const out: WriteResult[] = [];
    let next = 0;
    docs.forEach((doc, i) => {
      out.push(refused.get(i) ?? writeResult(written[next++], doc._id));
    });
    return out;
  }

  async bulkGet(reqs: BulkGetRequest[], opts?: BulkGetOptions): Promise<BulkGetResult> {
    try {
      return await bulkGet(this.pouch, reqs, opts);
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async bulkGetJson(reqs: BulkGetRequest[], opts?: BulkGetOptions): Promise<Buffer> {
    return Buffer.from(JSON.stringify(await this.bulkGet(reqs, opts)));
  }

  async allDocs(keys: string[]): Promise<AllDocsRow[]> {
    if (keys.length === 0) return [];
    try {
      const res = await this.pouch.allDocs({ keys });
      return res.rows.map((r) => (r.error ? { key: r.key, error: r.error } : { id: r.id, key: r.key, value: { rev: r.value.rev, ...(r.value.deleted ? { deleted: true } : {}) } }));
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async revsDiff(revs: Record<string, string[]>): Promise<Record<string, { missing: string[]; possible_ancestors?: string[] }>> {
    try {
      return await this.pouch.revsDiff(revs);
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async find(query: FindQuery): Promise<FindResult> {
    try {
      const res = await this.findRacingDeletes(query);
      return res.warning ? { docs: res.docs, warning: res.warning } : { docs: res.docs };
    } catch (e) {
      const err = toStoreError(e, 400);
      // CouchDB's name for a sort no index can serve.
      if (err.status === 400 && /Cannot sort/i.test(err.reason)) throw new StoreError(400, 'no_usable_index', err.reason);
      throw err;
    }
  }

  /**
   * pouchdb-find reads an index with its documents and filters the rest of the selector in
   * memory; a document deleted between the two reads comes back as a row without a document, and
   * the filter throws a TypeError. CouchDB answers such a query; here it is simply asked again.
   */
  private async findRacingDeletes(query: FindQuery): ReturnType<PouchDatabase['find']> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.pouch.find(query);
      } catch (e) {
        if (!(e instanceof TypeError) || attempt >= 3) throw e;
      }
    }
  }

  async createIndex(index: MangoIndex): Promise<void> {
    try {
      await this.pouch.createIndex({ ...index, index: { ...index.index } });
    } catch (e) {
      throw toStoreError(e, 400);
    }
  }

  changes(opts: ChangesOptions): Promise<ChangesResult> {
    return changes(this.pouch, this.writes, opts);
  }

  async getLocal(id: string): Promise<StoreDoc> {
    return this.get(localId(id));
  }

  async putLocal(doc: StoreDoc): Promise<WriteResult> {
    try {
      const _id = localId(doc._id);
      return writeResult(await this.pouch.put({ ...doc, _id }), _id);
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async getAttachment(docId: string, name: string): Promise<{ data: Buffer; contentType: string }> {
    try {
      const data = await this.pouch.getAttachment(docId, name);
      let contentType = data.type;
      if (!contentType) {
        const doc = await this.pouch.get(docId);
        contentType = doc._attachments?.[name]?.content_type ?? 'application/octet-stream';
      }
      return { data: Buffer.from(data), contentType };
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async putAttachment(docId: string, name: string, rev: string, data: Buffer, contentType: string): Promise<WriteResult> {
    try {
      const r = await this.pouch.putAttachment(docId, name, rev || undefined, data, contentType);
      this.writes.written();
      return writeResult(r, docId);
    } catch (e) {
      throw toStoreError(e);
    }
  }

  /** Waiting longpolls answer empty first, so nobody waits on a closed database. */
  close(): Promise<void> {
    this.writes.closed();
    return this.pouch.close();
  }

  destroy(): Promise<void> {
    this.writes.closed();
    return this.pouch.destroy();
  }
}

export class EmbeddedStore implements Store {
  readonly kind = 'embedded' as const;
  private readonly dbs = new Map<string, Promise<EmbeddedDb>>();

  constructor(
    private readonly dataDir: string,
    private readonly prefix: string,
  ) {
    if (dataDir !== MEMORY) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }

  private create(name: string): PouchDatabase {
    const fullName = this.prefix + name;
    return this.dataDir === MEMORY
      ? new PouchDB(fullName, { adapter: 'memory' })
      : new PouchDB(fullName, { adapter: 'leveldb', prefix: this.dataDir + path.sep });
  }

  db(name: string): Promise<EmbeddedDb> {
    let db = this.dbs.get(name);
    if (!db) {
      db = new EmbeddedDb(this.prefix + name, this.create(name)).open();
      this.dbs.set(name, db);
      // A failed open must not poison the cache.
      db.catch(() => this.dbs.delete(name));
    }
    return db;
  }

  async destroy(name: string): Promise<void> {
    const db = await this.db(name);
    this.dbs.delete(name);
    try {
      await db.destroy();
    } catch (e) {
      throw toStoreError(e);
    }
  }

  async close(): Promise<void> {
    const open = [...this.dbs.values()];
    this.dbs.clear();
    await Promise.all(open.map(async (p) => (await p.catch(() => null))?.close()));
  }
}

export function createEmbeddedStore(dataDir: string, prefix: string): EmbeddedStore {
  return new EmbeddedStore(dataDir, prefix);
}
