/**
 * HTTP to CouchDB with Node's own `http` module and kept-alive connections, instead of the
 * `fetch` that nano 11 is built on. Measured on this project's machine against CouchDB 3.4
 * (`_revs_diff` of one id, 2,000 calls in a row): fetch costs the gateway 1.5 to 2.3 ms of CPU per
 * call, this 0.35 to 0.7 ms, and the answer comes 1.5 ms sooner. A replicated request makes one
 * to three store calls, so this was the largest single cost of the gateway per request.
 *
 * Connections are not capped (Node's default agent limit is none): a cap would make the longpolls
 * that devices hold open queue every other call behind them. An idle connection is closed after
 * IDLE_MS, as fetch did, well before CouchDB closes it: a request sent on a connection the server
 * is closing fails with no way to tell whether the server read it, and a write is never sent twice.
 */
import http from 'node:http';
import https from 'node:https';

const IDLE_MS = 4_000;
// `timeout` closes only idle connections here: a call in progress (a longpoll) is never cut by it.
const agents = {
  'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
};

export interface CouchRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: Buffer | string;
  signal?: AbortSignal;
  /** The whole exchange's bound (RESPONSE_TIMEOUT_MS unless told: a longpoll gives its own wait plus a margin). */
  timeoutMs?: number;
}

/**
 * A node that accepts no connection within this is treated as one that refuses it (nothing was
 * sent: the call may go to the next node).
 */
export const CONNECT_TIMEOUT_MS = 3_000;
/**
 * A call that hears nothing for this long (no answer yet, or no byte of it) is given up as "no
 * answer" (docs/operacion.md «Con Apache CouchDB», «Tiempos límite»): a silent node costs a
 * request seconds, not minutes.
 */
export const RESPONSE_TIMEOUT_MS = 8_000;

export interface CouchAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });

/** No connection within CONNECT_TIMEOUT_MS: nothing was sent (couch-nodes.ts NOT_SENT). */
const connectTimedOut = (): Error => Object.assign(new Error('ECONNECTTIMEOUT: no connection'), { code: 'ECONNECTTIMEOUT' });
/** No whole answer within the call's bound. */
const answerTimedOut = (ms: number): Error => Object.assign(new Error(`ETIMEDOUT: no answer in ${ms} ms`), { code: 'ETIMEDOUT' });

/** An answer cut short (a node killed mid-answer): no answer, in the words of Node's own connection error. */
const cutShort = (): Error => Object.assign(new Error('ECONNRESET: answer cut short'), { code: 'ECONNRESET' });

/** One HTTP exchange; rejects only when no whole answer came (the error names why, e.g. ECONNREFUSED). */
export function couchRequest(url: URL, init: CouchRequest): Promise<CouchAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    let settled = false;
    // A large body (a restore's batch, a push of photos) gets a second more per megabyte to be sent and stored.
    const bodyBytes = init.body === undefined ? 0 : typeof init.body === 'string' ? Buffer.byteLength(init.body) : init.body.length;
    const timeoutMs = init.timeoutMs ?? RESPONSE_TIMEOUT_MS + Math.ceil(bodyBytes / 1_000_000) * 1_000;
    let connectTimer: NodeJS.Timeout | undefined;
    let answerTimer = setTimeout(() => fail(answerTimedOut(timeoutMs)), timeoutMs);
    // The bound is on silence: an answer that keeps arriving (a large read, a longpoll's heartbeat) is not cut.
    const heard = (): void => {
      clearTimeout(answerTimer);
      answerTimer = setTimeout(() => fail(answerTimedOut(timeoutMs)), timeoutMs);
    };
    const settle = (out: { answer: CouchAnswer } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(answerTimer);
      clearTimeout(connectTimer);
      signal?.removeEventListener('abort', onAbort);
      if ('error' in out) reject(out.error);
      else resolve(out.answer);
    };
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const transport = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string | number> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = typeof init.body === 'string' ? Buffer.byteLength(init.body) : init.body.length;
    const req = transport.request(url, { method: init.method, headers, agent });
    const fail = (error: Error): void => {
      req.destroy();
      settle({ error });
    };
    const onAbort = () => fail(abortError(signal!));
    req.once('socket', (socket) => {
      // A kept-alive socket is connected already; a new one gets CONNECT_TIMEOUT_MS.
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => fail(connectTimedOut()), Math.min(CONNECT_TIMEOUT_MS, timeoutMs));
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    req.on('response', (res) => {
      const chunks: Uint8Array[] = [];
      heard();
      res.on('data', (c: Buffer) => {
        heard();
        chunks.push(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
      });
      res.on('end', () => settle({ answer: { status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) } }));
      res.on('error', () => settle({ error: cutShort() }));
      res.on('close', () => {
        if (!res.complete) settle({ error: cutShort() });
      });
    });
    req.on('error', (error) => settle({ error }));
    if (signal) {
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
    }
    req.end(init.body);
  });
}

/** An answer that is not 2xx, in the shape nano threw (`statusCode`, `error`, `reason`), which toStoreError reads. */
export function answerError(status: number, body: Buffer): Error {
  let parsed: { error?: unknown; reason?: unknown } = {};
  try {
    parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
  } catch {
    // not JSON (a proxy's page): the status says enough
  }
  const error = typeof parsed.error === 'string' ? parsed.error : 'unknown_error';
  const reason = typeof parsed.reason === 'string' ? parsed.reason : `HTTP ${status}`;
  return Object.assign(new Error(reason), { statusCode: status, error, reason });
}

/**
 * A 2xx answer's JSON. CouchDB answers objects and arrays only: anything else is a body that is not
 * whole (a node killed mid-answer, e.g. during a longpoll whose headers were already sent), which
 * is no answer, not an empty one.
 */
export function answerJson<T>(body: Buffer): T {
  let out: unknown;
  try {
    out = JSON.parse(body.toString('utf8'));
  } catch {
    throw cutShort();
  }
  if (typeof out !== 'object' || out === null) throw cutShort();
  return out as T;
}
