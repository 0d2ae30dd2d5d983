/**
 * The sesiones database: express-session's sessions, and beside them what every gateway on the
 * store shares: each device's last activity, the sign-in attempt counters and each person's turns
 * (sync-server/src/sync/shared-turns.ts). Server only.
 */
import { declareEntity, mangoIndex } from '../entity';

export const SESIONES_BY_EXPIRES = mangoIndex('sesiones-expires', ['expires']);

/** A person's sessions (passport keeps the user id there), so deleting the account ends them all. */
export const SESIONES_BY_USER = mangoIndex('sesiones-user', ['session.passport.user']);

/** What each device (session) did last, beside its session (sync-server auth/device-activity.ts). */
export const DEVICE_ACTIVITY_TYPE = 'dispositivo';

/** A person's turns of one kind, with an entry per gateway serving them. */
export const TURN_LEASE_TYPE = 'turnos_persona';

export const SESION = declareEntity({
  database: 'sesiones',
  docTypes: ['sesion', 'intentos_inicio', DEVICE_ACTIVITY_TYPE, TURN_LEASE_TYPE],
  indexes: [SESIONES_BY_EXPIRES, SESIONES_BY_USER],
});
