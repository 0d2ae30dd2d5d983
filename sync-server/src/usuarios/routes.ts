/**
 * REST for users (spec 000 section 7), mounted under /api:
 *   GET    /signup                         anyone: whether public sign-up is open (the sign-up screen asks)
 *   POST   /signup                         public (PUBLIC_SIGNUP) or dashboard mode (admins)
 *   GET    /users?search=                  admins
 *   GET    /users/:id                      whole record for admins and oneself, the name for others
 *   PUT    /users/:id                      admins, or oneself without role or link
 *   DELETE /users/:id                      admins
 *   PUT    /users/:id/asociar-empleado     admins
 *   POST   /users/:id/upload-photo         multipart `foto_perfil`; admins or oneself
 *   GET    /users/:id/foto                 the photo; admins or oneself
 *   PUT    /users/:id/password             oneself (with the current one) or admins
 * Routes only read the request and shape the answer; the rules live in the service.
 */
import { Router, type Request, type Response } from 'express';
import { canEditUser } from '../../../couch-design/roles';
import { TooManyAttempts } from '../auth/password-attempts';
import { clientIp } from '../auth/client-ip';
import { actorOf as userOf, type Actors, type AuthUser } from '../http/actor';
import { requireAuth } from '../http/guards';
import { HttpError } from '../http/errors';
import { BAD_ID, parseId } from '../http/ids';
import type { OtherBodyRoute } from '../http/json-body';
import { searchParam } from '../http/query';
import { photoUpload, sendPhoto, uploadedPhoto } from '../http/photo';
import { MSG } from './messages';
import type { UsuariosService } from './service';

/** The photo upload is multipart (section 7): the one body of these routes that is not JSON. */
export const USER_PHOTO_UPLOAD: OtherBodyRoute = { method: 'POST', path: /^\/users\/[^/]+\/upload-photo\/?$/, type: 'multipart' };

type IdRequest = Request<{ id: string }>;

/** A registered person is signed in at once (public mode), with a new session id. */
function signIn(req: Request, user: AuthUser): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));
}

export function usuariosRoutes(service: UsuariosService, sessionUsers: Pick<Actors, 'resolve'>): Router {
  const r = Router();

  r.get('/signup', (_req, res) => {
    res.json({ success: true, registro_publico: service.publicSignupOpen });
  });

  r.post('/signup', async (req, res) => {
    const actor = req.user;
    const user = await service.signup(actor, req.body);
    if (!actor) {
      const authUser = await sessionUsers.resolve(user._id);
      if (authUser) await signIn(req, authUser);
    }
    res.status(201).json({ success: true, message: MSG.registrado, user });
  });

  r.get('/users', requireAuth, async (req, res) => {
    const search = searchParam(req.query);
    res.json({ success: true, users: await service.list(userOf(req), search) });
  });

  r.get('/users/:id', requireAuth, async (req: IdRequest, res: Response) => {
    res.json({ success: true, user: await service.get(userOf(req), parseId(req.params.id)) });
  });

  r.put('/users/:id', requireAuth, async (req: IdRequest, res: Response) => {
    const user = await service.update(userOf(req), parseId(req.params.id), req.body);
    res.json({ success: true, message: MSG.actualizado, user });
  });

  r.delete('/users/:id', requireAuth, async (req: IdRequest, res: Response) => {
    await service.remove(userOf(req), parseId(req.params.id));
    res.json({ success: true, message: MSG.eliminado });
  });

  r.put('/users/:id/asociar-empleado', requireAuth, async (req: IdRequest, res: Response) => {
    const user = await service.linkEmpleado(userOf(req), parseId(req.params.id), req.body);
    res.json({ success: true, message: MSG.vinculoActualizado, user });
  });

  r.post(
    '/users/:id/upload-photo',
    requireAuth,
    // Refused before the upload is read: nobody waits for 2 MB to be told no.
    (req: IdRequest, _res, next) => next(canEditUser(userOf(req), parseId(req.params.id)) ? undefined : new HttpError(403, MSG.soloAdmins)),
    photoUpload,
    async (req: IdRequest, res: Response) => {
      const foto = await service.savePhoto(userOf(req), parseId(req.params.id), await uploadedPhoto(req.file));
      res.json({ success: true, foto_perfil: foto, message: MSG.fotoActualizada });
    },
  );

  r.get('/users/:id/foto', requireAuth, async (req: IdRequest, res: Response) => {
    sendPhoto(res, await service.photo(userOf(req), parseId(req.params.id)));
  });

  r.put('/users/:id/password', requireAuth, async (req: IdRequest, res: Response) => {
    try {
      await service.setPassword(userOf(req), parseId(req.params.id), req.body, req.sessionID, clientIp(req));
    } catch (e) {
      if (e instanceof TooManyAttempts) res.setHeader('Retry-After', String(e.retryAfterSec));
      throw e;
    }
    res.json({ success: true, message: MSG.passwordActualizada });
  });

  // Anything deeper (`/users/_design/x`, `/users/a/b/c`) names no user; a known action with
  // another method is an unknown resource (404), not a bad id.
  r.all('/users/*rest', (req, _res, next) => {
    if (/^\/users\/[^/]+\/(asociar-empleado|upload-photo|foto|password)\/?$/.test(req.path)) return next();
    next(new HttpError(400, BAD_ID));
  });

  return r;
}
