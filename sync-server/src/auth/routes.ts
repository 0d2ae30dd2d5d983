import { randomBytes } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type passport from 'passport';
import { DEFAULT_DEVICE_SETTINGS, NO_SESSION, SESSION_REVOKED_BY, SIGNIN_FAILED, signinSchema, type DeviceSettings, type RevocationReason, type SessionAnswer } from '../../../couch-design/usuario';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { CROSS_SITE, fromOwnPages } from '../http/same-origin';
import { validateBody } from '../http/validate';
import { clientIp } from './client-ip';
import { SigninLimiter, tooManyMessage } from './rate-limit';
import type { AuthUser } from '../http/actor';
import { log } from '../log';

const answerUser = (u: AuthUser) => ({ id: u.id, role: u.role, empleado_id: u.empleado_id ?? null, email: u.email, nombre: u.nombre });

declare module 'express-session' {
  interface SessionData {
    /**
     * A random key of this session alone (base64): the device seals a copy of its data key with it,
     * so a reload while the session lives needs no password (docs/architecture.md, "Datos cifrados
     * en el dispositivo"). Never logged; gone with the session.
     */
    claveDispositivo?: string;
    /** The session's person was deleted: the device is told to wipe their data (auth/passport.ts). */
    revocada?: boolean;
    /** Why, when it was not the deletion of the account (auth/session-store.ts). */
    motivoRevocada?: RevocationReason;
  }
}

/** The session's device key, made on first use (sessions from before it get one at their next check). */
function deviceKey(req: Request): string {
  req.session.claveDispositivo ??= randomBytes(32).toString('base64');
  return req.session.claveDispositivo;
}

/**
 * What a device is told with every sign-in and check: the operator's idle time before it locks,
 * how long it may go without reaching the gateway before it locks until an online sign-in,
 * then wipes, and the storage its data may take.
 */
export function deviceSettings(config: Pick<Config, 'deviceLockMinutes' | 'offlineGraceDays' | 'offlineWipeDays' | 'deviceBudgetMb'>): DeviceSettings {
  return {
    bloqueo_min: config.deviceLockMinutes ?? DEFAULT_DEVICE_SETTINGS.bloqueo_min,
    gracia_dias: config.offlineGraceDays ?? DEFAULT_DEVICE_SETTINGS.gracia_dias,
    borrado_dias: config.offlineWipeDays ?? DEFAULT_DEVICE_SETTINGS.borrado_dias,
    espacio_mb: config.deviceBudgetMb ?? DEFAULT_DEVICE_SETTINGS.espacio_mb,
  };
}

/** What `GET /check-auth` answers, and what the shell page of a signed-in navigation carries (http/shell-page.ts). */
export function sessionAnswer(req: Request, device: DeviceSettings = DEFAULT_DEVICE_SETTINGS): SessionAnswer {
  const user = req.user;
  if (!user) {
    // Told apart from an ended session: the device wipes the person's data at once.
    if (req.session?.revocada) {
      const motivo = req.session.motivoRevocada ?? 'cuenta';
      return { success: false, authenticated: false, mensaje: SESSION_REVOKED_BY[motivo], revocada: true, ...(motivo === 'cuenta' ? {} : { motivo }) };
    }
    return { success: false, authenticated: false, mensaje: NO_SESSION };
  }
  return { success: true, authenticated: true, user: answerUser(user), clave_sesion: deviceKey(req), ...device };
}

function tooMany(res: Response, retryAfterSec: number): HttpError {
  res.setHeader('Retry-After', String(retryAfterSec));
  return new HttpError(429, tooManyMessage(retryAfterSec));
}

/** How many sessions one account keeps: a new sign-in past it ends the oldest (session-store.ts). */
export const MAX_SESSIONS_PER_ACCOUNT = 20;

export const LOGOUT_METHODS = 'Para cerrar sesión envíe GET o POST /api/logout desde la propia aplicación.';
export const LOGOUT_DONE = 'Sesión cerrada correctamente.';

export interface AccountSessions {
  keepNewest(userId: string, keep: number): Promise<number>;
}

export function authRoutes(pp: passport.PassportStatic, limiter: SigninLimiter, sessions: AccountSessions, device: DeviceSettings = DEFAULT_DEVICE_SETTINGS): Router {
  const r = Router();

  r.post('/signin', async (req, res, next) => {
    const body = await validateBody(signinSchema, req.body);
    // Counted before the password is hashed: parallel guesses are refused, not answered 401.
    const reserved = limiter.reserve(clientIp(req), body.email);
    if (reserved.blocked) throw tooMany(res, reserved.retryAfterSec);
    const verdict = await limiter.confirm(reserved.attempt);
    if (verdict.blocked) throw tooMany(res, verdict.retryAfterSec);
    req.body = body;
    // @types/passport answers `any` for a custom callback; it is Express middleware.
    (pp.authenticate('local', { session: true }, (err: unknown, user: AuthUser | false) => {
      if (err) return next(err);
      if (!user) return next(new HttpError(401, SIGNIN_FAILED));
      limiter
        .succeeded(reserved.attempt)
        .catch((e: unknown) => log.error({ err: e }, 'No se pudieron reiniciar los intentos de inicio de sesión'))
        .then(() => {
          // req.login regenerates the session id (passport >= 0.6), closing session fixation.
          req.login(user, (loginErr) => {
            if (loginErr) return next(loginErr);
            // The new session is stored by now: the account's oldest past the limit end here, so
            // sign-ins in a loop cannot pile up sessions (each one read on every request).
            void sessions
              .keepNewest(user.id, MAX_SESSIONS_PER_ACCOUNT)
              .catch((e: unknown) => log.error({ err: e }, 'No se pudieron cerrar las sesiones más antiguas'))
              .finally(() => res.json({ success: true, user: answerUser(user), clave_sesion: deviceKey(req), ...device }));
          });
        })
        .catch(next);
    }) as RequestHandler)(req, res, next);
  });

  // "Nobody is signed in here" is an answer, not a failure: 200, so a visitor's first load logs no error.
  r.get('/check-auth', (req, res) => {
    res.json(sessionAnswer(req, device));
  });

  // Signing out changes something. By POST, which the same-origin check of every change covers
  // (http/same-origin.ts); and by GET, the specification's call, only when the request itself says
  // it comes from the app's own pages: a cross-site link, image or prefetch must not sign a person out.
  const signOut: RequestHandler = (req, res, next) => {
    req.logout((err) => {
      if (err) return next(err);
      req.session.destroy((destroyErr) => {
        if (destroyErr) return next(destroyErr);
        res.clearCookie(SESSION_COOKIE);
        res.json({ success: true, mensaje: LOGOUT_DONE });
      });
    });
  };
  r.post('/logout', signOut);
  r.get('/logout', (req, res, next) => {
    // Express answers HEAD with the GET route: a HEAD never signs out (405 below).
    if (req.method === 'HEAD') return next();
    if (!fromOwnPages(req)) throw new HttpError(403, CROSS_SITE);
    signOut(req, res, next);
  });
  r.all('/logout', (_req, res) => {
    res.setHeader('Allow', 'GET, POST');
    res.status(405).json({ success: false, mensaje: LOGOUT_METHODS });
  });

  return r;
}

export const SESSION_COOKIE = 'inmo.sid';
