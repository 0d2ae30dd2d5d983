/**
 * The sesiones database: express-session's sessions, and the sign-in attempt counters beside
 * them so every gateway on the store shares them. Server only.
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

export const SESION = declareEntity({
  database: 'sesiones',
  docTypes: ['sesion', 'intentos_inicio'],
  indexes: [SESIONES_BY_EXPIRES, SESIONES_BY_USER],
});
