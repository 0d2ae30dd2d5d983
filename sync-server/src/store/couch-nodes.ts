/**
 * The CouchDB nodes one gateway talks to (`COUCHDB_URL`, comma-separated), and the rule that moves
 * a call from a node that failed to the next one.
 *
 * A node that gave no answer, or answered "try again" (503, 412 `nodedown`, 500 `rexi_EXIT`...), is
 * remembered as down: calls go to the others first, and to it only when they fail too. Every
 * cooldown (5 s) its `/_up` is asked, and it gets calls again once that answers 200: a restarting
 * CouchDB accepts connections seconds before it answers them, and calls sent then would wait.
 * A call moves on to the next node only when repeating it cannot do harm:
 *  - `read` (GET, `_bulk_get`, `_revs_diff`, `_find`, `_changes`, and writes that are idempotent
 *    such as `_bulk_docs` with `new_edits: false` or `_index`): when no answer came, or the answer
 *    was "try again"; when every node said "try again", again after 0.5 s and 1 s more;
 *  - `write` (PUT, DELETE, `_bulk_docs` of new edits): only when the connection was refused, so
 *    nothing was sent. A write whose answer was lost may have been applied: it is answered 503 and
 *    the client decides (a device's replication retries, and finds it applied).
 *
 * Every call goes over couch-http.ts (kept-alive connections, no cap).
 */
import { answerError, answerJson, couchRequest } from './couch-http';
import { StoreError } from './port';
import { log } from '../log';

type Query = Record<string, string | number | boolean>;

/** One call to a database (`path` under it, already encoded), in the words nano's `relax` used. */
export interface RelaxOptions {
  db: string;
  path?: string;
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  qs?: Query;
  body?: unknown;
  signal?: AbortSignal;
  contentType?: string;
  accept?: string;
  dontStringify?: boolean;
  /** The answer's bytes, unparsed (a 2xx answer that came whole). */
  bytes?: true;
  /** The call's bound when not couch-http.ts RESPONSE_TIMEOUT_MS (a longpoll's wait plus a margin). */
  timeoutMs?: number;
}

export type Relax = (opts: RelaxOptions) => Promise<unknown>;

/** Whether a call may be sent again to another node after `read`: no answer; `write`: nothing sent. */
export type Repeat = 'read' | 'write';

/** How often a node that failed is asked whether it is back (`/_up`). */
export const DEFAULT_COOLDOWN_MS = 5_000;
/** A node whose `/_up` takes longer than this is not back yet. */
const PROBE_TIMEOUT_MS = 2_000;
/**
 * A read that every node answered "try again" is tried again after these pauses: while a node
 * shuts down, the others answer 412 nodedown to some calls for about a second (seen on a 3-node
 * CouchDB 3.4 cluster).
 */
const AGAIN_AFTER_MS = [500, 1_000];

export interface CouchNode {
  /** The node's URL without credentials: safe to print. */
  readonly label: string;
  readonly relax: Relax;
  /** Base URL (ending in `/`, no credentials) and headers for calls made with couchRequest directly. */
  readonly base: string;
  readonly headers: Record<string, string>;
  /** Failed last time it was tried: gets calls only after the others until its `/_up` answers. */
  failing: boolean;
  /** When its `/_up` may be asked again (ms since the epoch). */
  downUntil: number;
  probing: boolean;
}

/**
 * "Try again later": no answer from any node that was tried, or an answer CouchDB gives while part
 * of the cluster is down. Answered 503 with Retry-After by the gateway.
 */
export class StoreUnavailable extends StoreError {
  constructor(
    /** The node that failed last (no credentials). */
    readonly node: string,
    /** `ECONNREFUSED`, `ECONNRESET`... when no answer came; `412 nodedown`, `503 ...` when one did. */
    readonly detail: string,
    /** Whether the node answered (with a "try again" status) rather than not at all. */
    readonly answered: boolean,
  ) {
    super(503, 'service_unavailable', `${answered ? 'answer' : 'no answer'} from ${node}: ${detail}`);
    this.name = 'StoreUnavailable';
  }
}

/** Errors CouchDB's cluster layer reports when a node or a worker is gone, or a call timed out. */
const TRY_AGAIN_ERRORS = new Set([
  'nodedown',
  'rexi_EXIT',
  'rexi_DOWN',
  'noproc',
  'timeout',
  'all_workers_died',
  'service unavailable',
  'service_unavailable',
  'write_quorum_not_met',
]);
const TRY_AGAIN_REASON = /\b(nodedown|rexi_EXIT|rexi_DOWN|noproc|all_workers_died)\b/;

/**
 * Whether CouchDB's answer means "try again": any 502/503/504, 412 only in its `nodedown` flavour
 * (412 is also "database exists" and "missing stub"), and a 5xx naming a lost node or a timeout.
 */
export function isTryAgainAnswer(status: number, error: string | undefined, reason: string | undefined): boolean {
  if (status === 502 || status === 503 || status === 504) return true;
  if (status === 412) return error === 'nodedown';
  if (status < 500) return false;
  return TRY_AGAIN_ERRORS.has(error ?? '') || TRY_AGAIN_REASON.test(reason ?? '');
}

/** Connection errors that happen before a byte of the request leaves: safe to send elsewhere. */
const NOT_SENT = /\b(ECONNREFUSED|ECONNECTTIMEOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|UND_ERR_CONNECT_TIMEOUT|ConnectTimeoutError)\b/;
const ERROR_CODE = /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+)\b/;

/** The text of an error and of its causes (a wrapped system error sits in `cause`). */
function errorText(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 4; depth++) {
    const o = cur as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
    parts.push([o.code, o.name, o.message].filter((x) => typeof x === 'string').join(' '));
    cur = o.cause;
  }
  return parts.join(' | ');
}

/** What failed, in a word or two: a system error code, or a short description. Never a URL. */
export function failureDetail(e: unknown): string {
  const text = errorText(e);
  const code = ERROR_CODE.exec(text)?.[1];
  if (code) return code;
  if (/other side closed|socket hang up|terminated/i.test(text)) return 'ECONNRESET';
  if (/Connect Timeout/i.test(text)) return 'UND_ERR_CONNECT_TIMEOUT';
  // Anything else in its own words, short, and with any credentials of a URL taken out.
  const message = (e as { message?: unknown } | null)?.message;
  const words = typeof message === 'string' ? message.replace(/\/\/[^@/\s]*@/g, '//').replace(/^error happened in your connection\. Reason: /, '') : '';
  return words.slice(0, 120) || 'sin respuesta';
}

const answered = (e: unknown): e is { statusCode: number; error?: string; reason?: string; message?: string } =>
  typeof (e as { statusCode?: unknown } | null)?.statusCode === 'number';

/** An error of a call (an answer turned into one by answerError, or no answer) as the port's StoreError. */
export function toStoreError(e: unknown, node = 'CouchDB'): StoreError {
  if (e instanceof StoreError) return e;
  if (answered(e)) {
    const error = e.error ?? 'unknown_error';
    const reason = e.reason ?? e.message ?? '';
    if (isTryAgainAnswer(e.statusCode, error, reason)) return new StoreUnavailable(node, `${e.statusCode} ${error}${reason ? ` (${reason})` : ''}`, true);
    return new StoreError(e.statusCode, error, reason);
  }
  // No HTTP answer at all: the database is unreachable.
  return new StoreUnavailable(node, failureDetail(e), false);
}

/** The comma-separated list in `COUCHDB_URL`; a comma inside a password is written `%2C`. */
export function parseNodeUrls(list: string): string[] {
  const urls = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (urls.length === 0) throw new Error('COUCHDB_URL no tiene ninguna dirección.');
  for (const [i, url] of urls.entries()) {
    let u: URL | undefined;
    try {
      u = new URL(url);
    } catch {
      u = undefined;
    }
    // The message names the position, never the text: it may hold a password.
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) {
      throw new Error(`COUCHDB_URL: la dirección número ${i + 1} no es una URL http:// o https:// válida.`);
    }
  }
  return urls;
}

/** `http://host:port/path` without credentials, without a trailing slash. */
export function nodeLabel(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

const query = (qs: Query | undefined): string => {
  const pairs = Object.entries(qs ?? {}).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
};

/** `relax` on one node: JSON in and out, a non-2xx answer thrown as answerError. */
function relaxOn(base: string, auth: Record<string, string>): Relax {
  return async (opts) => {
    const url = new URL(`${base}${encodeURIComponent(opts.db)}${opts.path ? `/${opts.path}` : ''}${query(opts.qs)}`);
    const headers: Record<string, string> = { ...auth, accept: opts.accept ?? 'application/json' };
    let body: Buffer | string | undefined;
    if (opts.body !== undefined) {
      body = opts.dontStringify ? (opts.body as Buffer | string) : JSON.stringify(opts.body);
      headers['content-type'] = opts.contentType ?? 'application/json';
    }
    const res = await couchRequest(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal, timeoutMs: opts.timeoutMs });
    if (res.status >= 400) throw answerError(res.status, res.body);
    return opts.bytes ? res.body : answerJson(res.body);
  };
}

function makeNode(url: string): CouchNode {
  const u = new URL(url);
  const headers: Record<string, string> = {};
  if (u.username || u.password) {
    const credentials = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  u.username = '';
  u.password = '';
  // A path in the URL (CouchDB behind a proxy) stays in front of every database.
  const base = u.toString().replace(/\/?$/, '/');
  return {
    label: nodeLabel(url),
    relax: relaxOn(base, headers),
    base,
    headers,
    failing: false,
    downUntil: 0,
    probing: false,
  };
}

export interface CouchNodesOptions {
  cooldownMs?: number;
  /** One line when a node goes down or comes back; the log's warning by default. */
  log?: (line: string) => void;
}

export class CouchNodes {
  readonly nodes: CouchNode[];
  private readonly cooldownMs: number;
  private readonly log: (line: string) => void;

  constructor(urls: string[], opts: CouchNodesOptions = {}) {
    this.nodes = urls.map(makeNode);
    this.cooldownMs = opts.cooldownMs ?? DEFAULT_COOLDOWN_MS;
    this.log = opts.log ?? ((line) => log.warn(line));
  }

  /** The nodes' URLs without credentials, for messages. */
  get labels(): string[] {
    return this.nodes.map((n) => n.label);
  }

  /**
   * Working nodes in their configured order, then the failing ones, the longest failing last; a
   * failing node whose cooldown is over is asked whether it is back, in the background.
   */
  private ordered(now: number): CouchNode[] {
    const failing = this.nodes.filter((n) => n.failing);
    for (const n of failing) if (n.downUntil <= now && !n.probing) void this.probe(n);
    return [...this.nodes.filter((n) => !n.failing), ...failing.sort((a, b) => a.downUntil - b.downUntil)];
  }

  private async probe(node: CouchNode): Promise<void> {
    node.probing = true;
    try {
      const res = await couchRequest(new URL(`${node.base}_up`), { method: 'GET', headers: node.headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      if (res.status === 200) this.markUp(node);
      else node.downUntil = Date.now() + this.cooldownMs;
    } catch {
      node.downUntil = Date.now() + this.cooldownMs;
    } finally {
      node.probing = false;
    }
  }

  private markDown(node: CouchNode, detail: string): void {
    node.downUntil = Date.now() + this.cooldownMs;
    if (node.failing) return;
    node.failing = true;
    const others = this.nodes.length > 1 ? '; se usan los demás nodos hasta que vuelva a responder' : '';
    this.log(`Apache CouchDB en ${node.label} no está disponible (${detail})${others}.`);
  }

  private markUp(node: CouchNode): void {
    if (!node.failing) return;
    node.failing = false;
    this.log(`Apache CouchDB en ${node.label} responde de nuevo.`);
  }

  /**
   * Runs `attempt` on one node after another until one answers. `attempt` throws what the call
   * threw; this throws a StoreError (StoreUnavailable when every node tried failed).
   */
  async run<T>(repeat: Repeat, attempt: (node: CouchNode) => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (const pause of AGAIN_AFTER_MS) {
      try {
        return await this.round(repeat, attempt, signal);
      } catch (e) {
        // A read every node failed, one of them answering "try again": the cluster is changing.
        if (repeat !== 'read' || !(e instanceof StoreUnavailable && e.answered) || signal?.aborted) throw e;
        await new Promise((resolve) => setTimeout(resolve, pause));
        if (signal?.aborted) throw e;
      }
    }
    return this.round(repeat, attempt, signal);
  }

  /** One pass over the nodes: the first answer, or the last node's failure. */
  private async round<T>(repeat: Repeat, attempt: (node: CouchNode) => Promise<T>, signal?: AbortSignal): Promise<T> {
    let failure: StoreUnavailable | undefined;
    for (const node of this.ordered(Date.now())) {
      try {
        const out = await attempt(node);
        this.markUp(node);
        return out;
      } catch (e) {
        // The caller gave up (a device went away): nothing to say about the node.
        if (signal?.aborted) throw e;
        const err = toStoreError(e, node.label);
        if (!(err instanceof StoreUnavailable)) {
          // A real answer (404, 409, 401...): the node works.
          this.markUp(node);
          throw err;
        }
        this.markDown(node, err.detail);
        // What a node answered says more than another node's silence.
        if (!failure?.answered) failure = err;
        const nothingSent = !err.answered && NOT_SENT.test(errorText(e));
        const again = err.answered ? repeat === 'read' : repeat === 'read' || nothingSent;
        if (!again) throw err;
      }
    }
    throw failure ?? new StoreUnavailable(this.nodes[0]?.label ?? 'CouchDB', 'sin nodos', false);
  }

  /** One `relax` call through `run`. */
  relax<T>(repeat: Repeat, opts: RelaxOptions): Promise<T> {
    return this.run(
      repeat,
      async (node) => (await node.relax(opts)) as T,
      opts.signal,
    );
  }
}
