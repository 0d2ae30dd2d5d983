import compression from 'compression';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

/** JSON (replication, REST) and text: worth compressing. PDFs and images already are compressed formats. */
const COMPRESSIBLE = /^(application\/([\w.+-]+\+)?json|text\/)/i;

/**
 * API and replication answers compressed for the clients that accept it (brotli, else gzip); a
 * first replication of thousands of documents is mostly repeated JSON keys. An answer written in
 * pieces (a longpoll `_changes` writing a newline heartbeat while it waits) is flushed piece by
 * piece, or the compressor would hold the heartbeats back and the connection would look idle.
 *
 * The fastest settings: a pull of 10,000 captaciones is about 30 MB of JSON, and at the default
 * levels compressing it cost the gateway more CPU than everything else it does for the pull.
 * On replication's repetitive JSON the fastest levels still shrink it by most of the way (gzip 1
 * about three times faster than gzip 6 on a `_bulk_get` answer, brotli 1 about five times faster
 * than brotli 4).
 */
export function compressAnswers(): RequestHandler {
  const compress = compression({
    filter: (_req, res) => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')),
    level: constants.Z_BEST_SPEED,
    brotli: { params: BROTLI_PARAMS },
  });
  return (req, res, next) => {
    compress(req, res, (err?: unknown) => {
      if (err) return next(err);
      flushEachWrite(res);
      compressSmallAtOnce(req, res);
      next();
    });
  };
}

const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 1 };
/** Below this, compressing saves less than it costs (compression's own default threshold). */
const MIN_BYTES = 1024;
/** Up to this, one synchronous call takes a fraction of a millisecond. */
const SMALL_BYTES = 32 * 1024;

/**
 * An answer sent whole and small (a `_revs_diff`, a `_bulk_get` of what a live device was just
 * told, a page of the list) is compressed in one synchronous call, with the same settings, a
 * fraction of a millisecond. Through the compressor's stream it would wait for the thread pool and
 * another turn of a busy event loop, and leave in several writes. Bigger answers still stream
 * through `compression`, off this thread.
 */
function compressSmallAtOnce(req: Request, res: Response): void {
  const end = res.end;
  res.end = function (this: Response, ...args: unknown[]) {
    const [chunk, encoding] = args;
    const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk;
    const coding = Buffer.isBuffer(body) && body.length >= MIN_BYTES && body.length <= SMALL_BYTES && worthCompressing(req, res) ? acceptedCoding(req) : undefined;
    if (!coding) return (end as (...a: unknown[]) => Response).apply(this, args);
    const bytes = new Uint8Array((body as Buffer).buffer, (body as Buffer).byteOffset, (body as Buffer).length);
    const packed = coding === 'br' ? brotliCompressSync(bytes, { params: BROTLI_PARAMS }) : gzipSync(bytes, { level: constants.Z_BEST_SPEED });
    res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', packed.length);
    res.vary('Accept-Encoding');
    const done = args.find((a) => typeof a === 'function');
    return (end as (...a: unknown[]) => Response).call(this, packed, ...(done ? [done] : []));
  } as Response['end'];
}

function worthCompressing(req: Request, res: Response): boolean {
  if (res.headersSent || req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return false;
  if (res.getHeader('Content-Encoding') !== undefined) return false;
  if (/\bno-transform\b/.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''));
}

/** Brotli, else gzip, as `compression` picks (none: sent as it is). */
function acceptedCoding(req: Request): 'br' | 'gzip' | undefined {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
}

function flushEachWrite(res: Response): void {
  const write = res.write;
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    const ok = (write as (...a: Parameters<Response['write']>) => boolean).apply(this, args);
    res.flush();
    return ok;
  } as Response['write'];
}
