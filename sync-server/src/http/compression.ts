import compression from 'compression';
import { constants } from 'node:zlib';
import type { RequestHandler, Response } from 'express';

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
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  return (req, res, next) => {
    compress(req, res, (err?: unknown) => {
      if (err) return next(err);
      flushEachWrite(res);
      next();
    });
  };
}

function flushEachWrite(res: Response): void {
  const write = res.write;
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    const ok = (write as (...a: Parameters<Response['write']>) => boolean).apply(this, args);
    res.flush();
    return ok;
  } as Response['write'];
}
