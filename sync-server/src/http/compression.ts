import compression from 'compression';
import type { RequestHandler, Response } from 'express';

/** JSON (replication, REST) and text: worth compressing. PDFs and images already are compressed formats. */
const COMPRESSIBLE = /^(application\/([\w.+-]+\+)?json|text\/)/i;

/**
 * API and replication answers compressed for the clients that accept it (brotli, else gzip); a
 * first replication of thousands of documents is mostly repeated JSON keys. An answer written in
 * pieces (a longpoll `_changes` writing a newline heartbeat while it waits) is flushed piece by
 * piece, or the compressor would hold the heartbeats back and the connection would look idle.
 */
export function compressAnswers(): RequestHandler {
  const compress = compression({
    filter: (_req, res) => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')),
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
