/**
 * The Store port: the only way the gateway reaches its database.
 * Shaped after CouchDB 3's HTTP API so that the `couchdb` adapter (nano) and the
 * `embedded` adapter (PouchDB) keep one meaning. Sequences are opaque strings.
 */

export interface StoreDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
  _revisions?: { start: number; ids: string[] };
  _attachments?: Record<string, StoreAttachmentStub>;
  type?: string;
  [key: string]: unknown;
}

export interface StoreAttachmentStub {
  content_type: string;
  digest?: string;
  length?: number;
  revpos?: number;
  stub?: boolean;
  /** base64, present only when asked for with `attachments: true` or when writing. */
  data?: string;
}

export interface WriteResult {
  ok?: boolean;
  id: string;
  rev?: string;
  /**
   * Stored on fewer copies than the cluster's write quorum (CouchDB's 202): a write racing it on
   * the same revision may have been confirmed instead, and both stay as conflicting leaves.
   */
  accepted?: boolean;
  error?: string;
  reason?: string;
}

/** Errors thrown by adapters carry CouchDB's shape and the HTTP status it would answer. */
export class StoreError extends Error {
  constructor(
    public readonly status: number,
    public readonly error: string,
    public readonly reason: string,
  ) {
    super(`${error}: ${reason}`);
    this.name = 'StoreError';
  }
}

export const isNotFound = (e: unknown): boolean => e instanceof StoreError && e.status === 404;
export const isConflict = (e: unknown): boolean => e instanceof StoreError && e.status === 409;

export interface GetOptions {
  rev?: string;
  revs?: boolean;
  conflicts?: boolean;
  latest?: boolean;
  attachments?: boolean;
}

/** One entry of a GET with `open_revs`: `{ok: doc}` or `{missing: rev}`. */
export type OpenRevResult = { ok: StoreDoc } | { missing: string };

export interface BulkGetRequest {
  id: string;
  rev?: string;
  atts_since?: string[];
}

export interface BulkGetOptions {
  revs?: boolean;
  attachments?: boolean;
  latest?: boolean;
  /**
   * For the gateway's own reads: a request without a revision needs only the winner and the live
   * leaves, so deleted losing leaves may be left out (on the embedded store, one read instead of
   * two for a document without conflicts). Never set for what a device asked: it gets every leaf.
   * CouchDB answers every leaf anyway.
   */
  winnerAndLive?: boolean;
}

export interface BulkGetResult {
  results: Array<{
    id: string;
    docs: Array<{ ok: StoreDoc } | { error: { id: string; rev: string; error: string; reason: string } }>;
  }>;
}

/** A row of `_all_docs?keys=`: the winner's revision (a deletion says so), or `not_found`. */
export type AllDocsRow = { id: string; key: string; value: { rev: string; deleted?: boolean } } | { key: string; error: string };

export type MangoSelector = Record<string, unknown>;

export interface FindQuery {
  selector: MangoSelector;
  fields?: string[];
  sort?: Array<string | Record<string, 'asc' | 'desc'>>;
  limit?: number;
  skip?: number;
  use_index?: string | [string, string];
  bookmark?: string;
}

export interface FindResult {
  docs: StoreDoc[];
  bookmark?: string;
  warning?: string;
}

export interface MangoIndex {
  index: { fields: Array<string | Record<string, 'asc' | 'desc'>>; partial_filter_selector?: MangoSelector };
  ddoc: string;
  name: string;
}

export interface ChangesOptions {
  since?: string;
  limit?: number;
  /** Server-side Mango filter. Adapters apply it; callers never trust a client's. */
  selector?: MangoSelector;
  include_docs?: boolean;
  conflicts?: boolean;
  style?: 'main_only' | 'all_docs';
  feed?: 'normal' | 'longpoll';
  /** Longpoll: ms to wait for a change before answering with no results. */
  timeout?: number;
  /** Aborting ends a longpoll early (client went away). */
  signal?: AbortSignal;
}

export interface ChangeRow {
  id: string;
  seq: string;
  changes: Array<{ rev: string }>;
  deleted?: boolean;
  doc?: StoreDoc;
}

export interface ChangesResult {
  results: ChangeRow[];
  last_seq: string;
  pending?: number;
}

export interface DbInfo {
  db_name: string;
  doc_count: number;
  doc_del_count?: number;
  update_seq: string;
}

export interface StoreDb {
  /** Full (prefixed) database name. */
  readonly name: string;
  info(): Promise<DbInfo>;
  get(id: string, opts?: GetOptions): Promise<StoreDoc>;
  /** GET with open_revs: `'all'` or a list of revisions. */
  getOpenRevs(id: string, openRevs: 'all' | string[], opts?: { revs?: boolean; latest?: boolean; attachments?: boolean }): Promise<OpenRevResult[]>;
  put(doc: StoreDoc): Promise<WriteResult>;
  remove(id: string, rev: string): Promise<WriteResult>;
  bulkDocs(docs: StoreDoc[], opts?: { new_edits?: boolean }): Promise<WriteResult[]>;
  /**
   * One result per request, in order. A request with a revision answers that revision (or, with
   * `latest`, every leaf descending from it); one without answers every leaf of the document,
   * deletions included, as CouchDB's `open_revs=all`; an id never written answers `missing`.
   */
  bulkGet(reqs: BulkGetRequest[], opts?: BulkGetOptions): Promise<BulkGetResult>;
  /**
   * bulkGet's answer as JSON bytes, CouchDB's own as it sent them: for a reader the gateway has
   * nothing to check in (a whole database), the answer goes on unread instead of being parsed
   * and written again (a pull's largest cost in the gateway: about 25 ms per 500 captaciones).
   */
  bulkGetJson(reqs: BulkGetRequest[], opts?: BulkGetOptions): Promise<Buffer>;
  /** The winning revision of each id without its body (`_all_docs` with `keys`), in order. */
  allDocs(keys: string[]): Promise<AllDocsRow[]>;
  revsDiff(revs: Record<string, string[]>): Promise<Record<string, { missing: string[]; possible_ancestors?: string[] }>>;
  find(query: FindQuery): Promise<FindResult>;
  createIndex(index: MangoIndex): Promise<void>;
  changes(opts: ChangesOptions): Promise<ChangesResult>;
  /** `_local/<id>` documents (replication checkpoints); `id` is given without the prefix. */
  getLocal(id: string): Promise<StoreDoc>;
  putLocal(doc: StoreDoc): Promise<WriteResult>;
  getAttachment(docId: string, name: string): Promise<{ data: Buffer; contentType: string }>;
  putAttachment(docId: string, name: string, rev: string, data: Buffer, contentType: string): Promise<WriteResult>;
}

export interface Store {
  readonly kind: 'embedded' | 'couchdb';
  /** Opens (creating if needed) the database `<COUCH_DB_PREFIX><name>`. Cached per name. */
  db(name: string): Promise<StoreDb>;
  /** Deletes the database (tests and benchmarks only). */
  destroy(name: string): Promise<void>;
  close(): Promise<void>;
}
