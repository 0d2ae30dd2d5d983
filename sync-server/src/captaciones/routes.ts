/**
 * REST for captaciones (specification 001 section 7), mounted under /api:
 *   GET    /captaciones?page&limit&sort&supervisor&search
 *   POST   /captaciones
 *   GET    /captaciones/:id
 *   PUT    /captaciones/:id
 *   DELETE /captaciones/:id
 *   GET    /captaciones/:id/pdf
 * Routes only read the request and shape the answer; the rules live in the service.
 */
import express, { type Request, type Response, type Router } from 'express';
import { captacionPdfFileName } from '../../../couch-design/pdf';
import { requireAuth } from '../auth/guards';
import type { AuthUser } from '../auth/session-user';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { parseId } from '../http/ids';
import { MSG } from './messages';
import { parseListQuery } from './query';
import { CaptacionesRepository } from './repository';
import { CaptacionesService } from './service';

const userOf = (req: Request): AuthUser => req.user as AuthUser;

/** `attachment; filename="captacion_<id>.pdf"`, plus the RFC 5987 form when the id is not plain ASCII. */
export function pdfDisposition(id: string): string {
  const name = captacionPdfFileName(id);
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return ascii === name ? `attachment; filename="${name}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function captacionesRoutes(ctx: AppContext): Router {
  const repo = CaptacionesRepository.open(ctx.store);
  const service = repo.then((r) => new CaptacionesService({ store: ctx.store, sessionUsers: ctx.sessionUsers, repo: r }));
  // Build the search directory in the background so the first list after a start does not wait
  // for it. A failure here is not lost: the next request catches up again and reports it.
  repo.then((r) => r.directory.refresh()).catch(() => undefined);

  const router = express.Router();
  router.use('/captaciones', requireAuth);

  router.get('/captaciones', async (req, res) => {
    const q = parseListQuery(req.query as Record<string, unknown>);
    const result = await (await service).list(userOf(req), q);
    res.json({ success: true, ...result });
  });

  router.post('/captaciones', async (req, res) => {
    const captacion = await (await service).create(userOf(req), req.body);
    res.status(201).json({ success: true, mensaje: MSG.creada, captacion });
  });

  router.get('/captaciones/:id/pdf', async (req: Request<{ id: string }>, res: Response) => {
    const id = parseId(req.params.id);
    const pdf = await (await service).pdf(userOf(req), id);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', pdfDisposition(id));
    // Personal data: never kept by shared caches.
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });

  router.get('/captaciones/:id', async (req: Request<{ id: string }>, res: Response) => {
    const captacion = await (await service).view(userOf(req), parseId(req.params.id));
    res.json({ success: true, captacion });
  });

  router.put('/captaciones/:id', async (req: Request<{ id: string }>, res: Response) => {
    const captacion = await (await service).update(userOf(req), parseId(req.params.id), req.body);
    res.json({ success: true, mensaje: MSG.actualizada, captacion });
  });

  router.delete('/captaciones/:id', async (req: Request<{ id: string }>, res: Response) => {
    const id = parseId(req.params.id);
    const rev = typeof req.query.rev === 'string' && req.query.rev !== '' ? req.query.rev : undefined;
    await (await service).remove(userOf(req), id, rev);
    res.json({ success: true, mensaje: MSG.eliminada });
  });

  // Anything deeper (`/captaciones/_design/x`, `/captaciones/a/b`) names no captación.
  router.all('/captaciones/*rest', (req, _res, next) => {
    // `/captaciones/<id>/pdf` with another method is an unknown resource, not a bad id.
    if (/^\/captaciones\/[^/]+\/pdf\/?$/.test(req.path)) return next();
    next(new HttpError(400, MSG.badId));
  });

  return router;
}
