/**
 * One log line for a request that took long (or was still unanswered when its client left): the
 * first thing an operator needs when devices say sync "hangs", with whose request it was (one
 * person's flood shows as their id again and again). Paths only, never bodies or ids of sessions.
 */
import type { RequestHandler } from 'express';
import { log } from '../log';

export function logSlowRequests(thresholdMs: number): RequestHandler {
  return (req, res, next) => {
    // A longpoll waits for news by design.
    if (req.query.feed === 'longpoll') return next();
    const started = performance.now();
    const path = req.originalUrl.split('?')[0];
    const done = (how: string) => () => {
      const ms = performance.now() - started;
      if (ms < thresholdMs) return;
      const usuario = (req.user as { id?: string } | undefined)?.id;
      log.warn({ metodo: req.method, ms: Math.round(ms), peticion: (req as { id?: unknown }).id, usuario }, `Petición lenta: ${req.method} ${path} ${how} en ${Math.round(ms)} ms`);
    };
    res.once('finish', done(`respondida (${res.statusCode})`));
    res.once('close', () => {
      if (!res.writableFinished) done('abandonada por el cliente sin respuesta')();
    });
    next();
  };
}
