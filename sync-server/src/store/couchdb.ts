/**
 * The `couchdb` Store adapter: Apache CouchDB 3 over HTTP (couch-http.ts), one call per port call
 * (bulk endpoints for bulk work). Paths are built here: ids and attachment names are encoded one
 * segment each, `_design/` and `_local/` keep their slash.
 *
 * With several node URLs (a cluster), each call goes to the first node that is up and moves on to
 * the next when that is safe (couch-nodes.ts). Every error leaves as a StoreError; "try again"
 * (no node answered, 412 nodedown, 503...) as StoreUnavailable, a 503.
 */
import type {
  BulkGetOptions,
  AllDocsRow,
  BulkGetRequest,
  BulkGetResult,
  ChangeRow,
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
import { answerError, answerJson, couchRequest } from './couch-http';
import { CouchNodes, parseNodeUrls, toStoreError, type CouchNodesOptions, type RelaxOptions, type Repeat } from './couch-nodes';

export { StoreUnavailable, toStoreError } from './couch-nodes';

/** The first call's bound: an https:// URL to a plain-HTTP CouchDB (or the reverse) is said within it. */
export const FIRST_CALL_TIMEOUT_MS = 5_000;

/** Characters of an `open_revs` list sent in the URL; longer ones go through `_bulk_get`. */
const MAX_OPEN_REVS_IN_URL = 4_000;

/** CouchDB's default `timeout` for longpoll feeds. */
const DEFAULT_LONGPOLL_MS = 60_000;
/** How much longer than its own wait a longpoll may take before it counts as "no answer". */
const LONGPOLL_MARGIN_MS = 10_000;

type Query = Record<string, string | number | boolean>;
type Call = Omit<RelaxOptions, 'db'>;

/** `_design/x` and `_local/x` keep their slash; every other id is one path segment. */
function docPath(id: string): string {
  const m = /^(_design|_local)\/(.+)$/s.exec(id);
  return m ? `${m[1]}/${encodeURIComponent(m[2])}` : encodeURIComponent(id);
}

const localId = (id: string): string => (id.startsWith('_local/') ? id : `_local/${id}`);

function flags(opts: object | undefined, keys: string[]): Query {
  const qs: Query = {};
  if (!opts) return qs;
  const o = opts as Record<string, unknown>;
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') qs[k] = v;
  }
  return qs;
}

function toRow(r: ChangeRow): ChangeRow {
  return typeof r.seq === 'string' ? r : { ...r, seq: String(r.seq) };
}

const bulkGetCall = (reqs: BulkGetRequest[], opts?: BulkGetOptions): Call => ({
  path: '_bulk_get',
  method: 'POST',
  qs: flags(opts, ['revs', 'attachments', 'latest']),
  body: { docs: reqs },
});

class CouchDb implements StoreDb {
  constructor(
    readonly name: string,
    private readonly nodes: CouchNodes,
  ) {}

  /** A call that may go to another node when no answer came (reads, and idempotent writes). */
  private call<T>(opts: Call): Promise<T> {
    return this.nodes.relax<T>('read', { db: this.name, ...opts });
  }

  /** A write: goes to another node only when the first refused the connection (nothing was sent). */
  private write<T>(opts: Call, repeat: Repeat = 'write'): Promise<T> {
    return this.nodes.relax<T>(repeat, { db: this.name, ...opts });
  }

  async info(): Promise<DbInfo> {
    const i = await this.call<DbInfo>({});
    return { db_name: i.db_name, doc_count: i.doc_count, doc_del_count: i.doc_del_count, update_seq: String(i.update_seq) };
  }

  async get(id: string, opts?: GetOptions): Promise<StoreDoc> {
    if (opts?.rev !== undefined && opts.latest) {
      // CouchDB 3.4 answers `?rev=X&latest=true` with the winner, whatever X is; the port answers
      // the latest leaf of X, or not_found when the document never had X: open_revs says which.
      const qs = { ...flags(opts, ['revs', 'conflicts', 'attachments']), latest: true, open_revs: JSON.stringify([opts.rev]) };
      const leaves = await this.call<OpenRevResult[]>({ path: docPath(id), qs });
      const found = leaves.find((r): r is { ok: StoreDoc } => 'ok' in r);
      if (!found) throw new StoreError(404, 'not_found', 'missing');
      return found.ok;
    }
    return this.call({ path: docPath(id), qs: flags(opts, ['rev', 'revs', 'conflicts', 'latest', 'attachments']) });
  }

  getOpenRevs(
    id: string,
    openRevs: 'all' | string[],
    opts?: { revs?: boolean; latest?: boolean; attachments?: boolean },
  ): Promise<OpenRevResult[]> {
    const list = openRevs === 'all' ? 'all' : JSON.stringify(openRevs);
    // CouchDB refuses a request line of more than about 8 KB (an empty 400): a long list of
    // revisions goes in a `_bulk_get` body instead, which answers the same documents.
    if (list.length > MAX_OPEN_REVS_IN_URL && Array.isArray(openRevs)) return this.openRevsByBulkGet(id, openRevs, opts);
    const qs = { ...flags(opts, ['revs', 'latest', 'attachments']), open_revs: list };
    // nano asks for application/json, so CouchDB answers a JSON array instead of multipart/mixed.
    return this.call({ path: docPath(id), qs });
  }

  private async openRevsByBulkGet(id: string, revs: string[], opts?: { revs?: boolean; latest?: boolean; attachments?: boolean }): Promise<OpenRevResult[]> {
    const { results } = await this.bulkGet(revs.map((rev) => ({ id, rev })), opts);
    const out: OpenRevResult[] = [];
    const seen = new Set<string>();
    for (const { docs } of results) {
      for (const e of docs) {
        if ('error' in e) out.push({ missing: e.error.rev });
        else if (!seen.has(String(e.ok._rev))) {
          seen.add(String(e.ok._rev));
          out.push({ ok: e.ok });
        }
      }
    }
    return out;
  }

  /** Its own call: CouchDB's 202 (fewer copies than the quorum) is told apart from a 201. */
  put(doc: StoreDoc): Promise<WriteResult> {
    const path = `${encodeURIComponent(this.name)}/${docPath(doc._id)}`;
    return this.nodes.run('write', async (node) => {
      const res = await couchRequest(new URL(node.base + path), {
        method: 'PUT',
        headers: { ...node.headers, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(doc),
      });
      if (res.status >= 400) throw answerError(res.status, res.body);
      // A body that is not whole throws: whether the write landed is unknown.
      const body = answerJson<WriteResult>(res.body);
      return res.status === 202 ? { ...body, accepted: true } : body;
    });
  }

  remove(id: string, rev: string): Promise<WriteResult> {
    return this.write({ path: docPath(id), method: 'DELETE', qs: { rev } });
  }

  bulkDocs(docs: StoreDoc[], opts?: { new_edits?: boolean }): Promise<WriteResult[]> {
    if (docs.length === 0) return Promise.resolve([]);
    // Revisions stored as given (replication) are idempotent: sent twice, stored once.
    if (opts?.new_edits === false) return this.write({ path: '_bulk_docs', method: 'POST', body: { docs, new_edits: false } }, 'read');
    return this.write({ path: '_bulk_docs', method: 'POST', body: { docs } });
  }

  bulkGet(reqs: BulkGetRequest[], opts?: BulkGetOptions): Promise<BulkGetResult> {
    if (reqs.length === 0) return Promise.resolve({ results: [] });
    return this.call(bulkGetCall(reqs, opts));
  }

  bulkGetJson(reqs: BulkGetRequest[], opts?: BulkGetOptions): Promise<Buffer> {
    if (reqs.length === 0) return Promise.resolve(Buffer.from('{"results":[]}'));
    return this.call({ ...bulkGetCall(reqs, opts), bytes: true });
  }

  async allDocs(keys: string[]): Promise<AllDocsRow[]> {
    if (keys.length === 0) return [];
    const res = await this.call<{ rows: AllDocsRow[] }>({ path: '_all_docs', method: 'POST', body: { keys } });
    return res.rows;
  }

  revsDiff(revs: Record<string, string[]>): Promise<Record<string, { missing: string[]; possible_ancestors?: string[] }>> {
    if (Object.keys(revs).length === 0) return Promise.resolve({});
    return this.call({ path: '_revs_diff', method: 'POST', body: revs });
  }

  find(query: FindQuery): Promise<FindResult> {
    return this.call({ path: '_find', method: 'POST', body: query });
  }

  async createIndex(index: MangoIndex): Promise<void> {
    // Answers `{"result":"exists"}` without writing when the same index is already there.
    await this.call({ path: '_index', method: 'POST', body: { ...index, type: 'json' } });
  }

  async changes(opts: ChangesOptions): Promise<ChangesResult> {
    const qs: Query = flags(opts, ['since', 'limit', 'include_docs', 'conflicts', 'style']);
    if (opts.feed === 'longpoll') {
      qs.feed = 'longpoll';
      qs.timeout = opts.timeout ?? DEFAULT_LONGPOLL_MS;
    }
    // A longpoll waits by design: bounded by its own wait plus a margin, not the usual time-out.
    const req: Omit<RelaxOptions, 'db'> = { path: '_changes', qs, signal: opts.signal, timeoutMs: qs.feed === 'longpoll' ? Number(qs.timeout) + LONGPOLL_MARGIN_MS : undefined };
    if (opts.selector) {
      qs.filter = '_selector';
      req.method = 'POST';
      req.body = { selector: opts.selector };
    }
    const empty = (): ChangesResult => ({ results: [], last_seq: opts.since ?? '0' });
    if (opts.signal?.aborted) return empty();
    try {
      const res = await this.call<{ results: ChangeRow[]; last_seq: string | number; pending?: number }>(req);
      const out: ChangesResult = { results: res.results.map(toRow), last_seq: String(res.last_seq) };
      if (typeof res.pending === 'number') out.pending = res.pending;
      return out;
    } catch (e) {
      // The client went away: nobody reads this answer, and the request is already cancelled.
      if (opts.signal?.aborted) return empty();
      throw e;
    }
  }

  getLocal(id: string): Promise<StoreDoc> {
    return this.get(localId(id));
  }

  putLocal(doc: StoreDoc): Promise<WriteResult> {
    const _id = localId(doc._id);
    return this.write({ path: docPath(_id), method: 'PUT', body: { ...doc, _id } });
  }

  /** Its own call: the answer is bytes with their content type, not JSON. */
  getAttachment(docId: string, name: string): Promise<{ data: Buffer; contentType: string }> {
    const path = `${encodeURIComponent(this.name)}/${docPath(docId)}/${encodeURIComponent(name)}`;
    return this.nodes.run('read', async (node) => {
      const res = await couchRequest(new URL(node.base + path), { method: 'GET', headers: node.headers });
      if (res.status >= 400) throw answerError(res.status, res.body);
      return { data: res.body, contentType: res.contentType || 'application/octet-stream' };
    });
  }

  putAttachment(docId: string, name: string, rev: string, data: Buffer, contentType: string): Promise<WriteResult> {
    return this.write({
      path: `${docPath(docId)}/${encodeURIComponent(name)}`,
      method: 'PUT',
      qs: rev ? { rev } : {},
      body: data,
      contentType,
      accept: 'application/json',
      dontStringify: true,
    });
  }
}

export class CouchStore implements Store {
  readonly kind = 'couchdb' as const;
  private readonly dbs = new Map<string, Promise<CouchDb>>();
  readonly nodes: CouchNodes;

  /** `urls`: one node's URL, or several separated by commas (the nodes of one cluster). */
  constructor(
    urls: string,
    private readonly prefix: string,
    opts: CouchNodesOptions = {},
  ) {
    this.nodes = new CouchNodes(parseNodeUrls(urls), opts);
  }

  private async open(name: string): Promise<CouchDb> {
    const db = new CouchDb(this.prefix + name, this.nodes);
    try {
      await db.info();
    } catch (e) {
      if (!(e instanceof StoreError) || e.status !== 404) throw e;
      try {
        // Safe to repeat on another node: a database created by a first try answers 412 below.
        await this.nodes.relax('read', { db: db.name, method: 'PUT' });
      } catch (createError) {
        // Another gateway process created it first (412 file_exists; nodedown is a StoreUnavailable).
        const err = toStoreError(createError);
        if (err.status !== 412) throw err;
      }
    }
    return db;
  }

  /**
   * The start's first call, made alone (docs/operacion.md «Con Apache CouchDB»): `GET /_session`
   * with the URL's credentials. A wrong password is one 401 and the start ends there, instead of
   * the half-dozen parallel calls that make CouchDB lock the admin account for minutes.
   */
  async checkCredentials(): Promise<{ name: string | null; roles: string[] }> {
    const answer = await this.nodes.run('read', async (node) => {
      const res = await couchRequest(new URL(`${node.base}_session`), { method: 'GET', headers: { ...node.headers, accept: 'application/json' }, timeoutMs: FIRST_CALL_TIMEOUT_MS });
      if (res.status >= 400) throw answerError(res.status, res.body);
      return answerJson<{ userCtx?: { name?: string | null; roles?: string[] } }>(res.body);
    });
    return { name: answer.userCtx?.name ?? null, roles: answer.userCtx?.roles ?? [] };
  }

  db(name: string): Promise<CouchDb> {
    let db = this.dbs.get(name);
    if (!db) {
      db = this.open(name);
      this.dbs.set(name, db);
      db.catch(() => this.dbs.delete(name));
    }
    return db;
  }

  async destroy(name: string): Promise<void> {
    this.dbs.delete(name);
    try {
      await this.nodes.relax('read', { db: this.prefix + name, method: 'DELETE' });
    } catch (e) {
      const err = toStoreError(e);
      if (err.status !== 404) throw err;
    }
  }

  async close(): Promise<void> {
    // HTTP holds no handle to release; forgetting the cache is enough.
    this.dbs.clear();
  }
}

export function createCouchStore(urls: string, prefix: string, opts: CouchNodesOptions = {}): CouchStore {
  return new CouchStore(urls, prefix, opts);
}
