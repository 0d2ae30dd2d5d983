/**
 * Reading a request body with a bounded cost. body-parser refused an over-cap body only after
 * reading all of it ("dumping" it so the connection could be reused): a request that declared
 * 100 MB and sent 9 bytes waited for the other 100 MB and got no answer until Node's request
 * time-out, and a chunked body over the cap was read to its end. Here:
 *  - a declared Content-Length over the cap is refused from the headers, before a byte is read;
 *  - a body without a declared length (chunked) is refused as soon as it passes the cap;
 *  - a body that stops arriving is refused after `idleMs`;
 * and each of these answers closes the connection (`Connection: close`), so the rest of the body
 * is never read (the connection lingers a moment so the client reads the answer: lingerOnClose).
 */
import type { Request, Response } from 'express';
import type { Socket } from 'node:net';
import { HttpError } from './errors';
import { SERVER_TIMEOUTS } from './server-timeouts';

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `'1mb'`, `'512kb'` or a number of bytes, as body-parser's `limit` read them. */
export function byteLimit(limit: string | number): number {
  if (typeof limit === 'number') return limit;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!m) throw new Error(`Límite de tamaño no válido: ${limit}`);
  return Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]);
}

export const MSG_BODY = {
  // The words body-parser's refusal had (errors.ts), which clients and tests already know.
  tooLarge: 'La petición es demasiado grande.',
  idle: 'El cuerpo de la petición dejó de llegar; envíelo de nuevo.',
  aborted: 'La petición se interrumpió antes de terminar.',
  sizeMismatch: 'El tamaño de la petición no coincide con el declarado.',
  encoding: 'La compresión de la petición no es compatible.',
  charset: 'La codificación de caracteres de la petición no es compatible.',
} as const;

/** How long a refused client may go on sending its body after the answer, at most. */
export const LINGER_MS = 2_000;

const lingering = new WeakSet<Socket>();

/**
 * Node ends a `Connection: close` answer with `destroySoon()`: the connection is destroyed as soon
 * as the answer is written, and a client still writing its body (fetch and PouchDB write it all
 * before reading) gets a reset instead of the answer. A lingering close instead: the answer and
 * the end of the server's side go out at once, and the connection is destroyed LINGER_MS later,
 * when the client has read the answer. Meanwhile nothing more is read: what the client still sends
 * waits in the kernel's buffers and never reaches the gateway's memory.
 */
function lingerOnClose(socket: Socket | null): void {
  if (!socket || lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = function lingerThenDestroy(this: Socket): void {
    this.end();
    this.pause();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/** An answer after which the rest of the body is not read: the connection ends with it. */
function closing(res: Response, status: number, message: string): HttpError {
  if (!res.headersSent) {
    res.setHeader('Connection', 'close');
    lingerOnClose(res.socket);
  }
  return new HttpError(status, message);
}

/** The Content-Length the client declared; undefined for a chunked body (or none). */
function declaredLength(req: Request): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A 413 for a body declared longer than `limit`, decided from the headers alone; else undefined. */
export function declaredTooLarge(req: Request, res: Response, limit: number): HttpError | undefined {
  const declared = declaredLength(req);
  return declared !== undefined && declared > limit ? closing(res, 413, MSG_BODY.tooLarge) : undefined;
}

const UTF8 = new Set(['utf-8', 'utf8', 'us-ascii']);

export interface ReadOptions {
  limit: number;
  idleMs?: number;
}

/**
 * The body as UTF-8 text, at most `limit` bytes. Rejects with an HttpError (413, 408, 400, 415)
 * in the words the client reads.
 */
export function readBodyText(req: Request, res: Response, { limit, idleMs = SERVER_TIMEOUTS.bodyIdleMs }: ReadOptions): Promise<string> {
  const early = declaredTooLarge(req, res, limit);
  if (early) return Promise.reject(early);
  const coding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  // PouchDB and the PWA never compress what they send; inflating would also hide the real size.
  if (coding !== 'identity') return Promise.reject(closing(res, 415, MSG_BODY.encoding));
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && !UTF8.has(charset)) return Promise.reject(closing(res, 415, MSG_BODY.charset));
  const declared = declaredLength(req);

  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = (): void => {
      clearTimeout(idle);
      idle = setTimeout(() => fail(closing(res, 408, MSG_BODY.idle)), idleMs);
    };
    const cleanup = (): void => {
      clearTimeout(idle);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onError);
    };
    const fail = (e: HttpError): void => {
      cleanup();
      // Nothing more is read: the answer closes the connection (or the client already left).
      req.pause();
      reject(e);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) return fail(closing(res, 413, MSG_BODY.tooLarge));
      chunks.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      armIdle();
    };
    const onEnd = (): void => {
      cleanup();
      if (declared !== undefined && size !== declared) return reject(new HttpError(400, MSG_BODY.sizeMismatch));
      // A UTF-8 byte order mark is no part of the JSON text.
      resolve(Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, ''));
    };
    const onClose = (): void => {
      if (!req.complete) fail(new HttpError(400, MSG_BODY.aborted));
    };
    const onError = (): void => fail(new HttpError(400, MSG_BODY.aborted));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onError);
    armIdle();
  });
}
