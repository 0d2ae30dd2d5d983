/**
 * The sesiones database: express-session's sessions, each device's last activity, and the sign-in
 * attempt counters beside them so every gateway on the store shares them. Server only.
 */
import { declareEntity, type MangoIndexDef } from '../entity';

export const SESIONES_BY_EXPIRES: MangoIndexDef = {
  index: { fields: ['expires'] },
  ddoc: 'idx-sesiones-expires',
  name: 'sesiones-expires',
};

/** A person's sessions (passport keeps the user id there), so deleting the account ends them all. */
export const SESIONES_BY_USER: MangoIndexDef = {
  index: { fields: ['session.passport.user'] },
  ddoc: 'idx-sesiones-user',
  name: 'sesiones-user',
};

/** What each device (session) did last, beside its session (sync-server auth/device-activity.ts). */
export const DEVICE_ACTIVITY_TYPE = 'dispositivo';

export const SESION = declareEntity({
  database: 'sesiones',
  docTypes: ['sesion', 'intentos_inicio', DEVICE_ACTIVITY_TYPE],
  indexes: [SESIONES_BY_EXPIRES, SESIONES_BY_USER],
});
