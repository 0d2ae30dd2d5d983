/**
 * The scale bench's settings (docs/architecture.md section 9), read strictly: a wrong value stops
 * the bench with one Spanish line naming it, before anything is loaded.
 */

export interface ScaleSettings {
  /** Captaciones in the database (SCALE_CAPTACIONES, 200,000). */
  captaciones: number;
  /** Captaciones the measured adviser holds (SCALE_SET, 2,000; at most a tenth of a small load). */
  set: number;
  /** SCALE_KEEP=1: on CouchDB, the loaded prefix is kept and reused by the next run of the same size. */
  keep: boolean;
  /** How long the new tablet may take to be ready before it is reported as not ready (SCALE_READY_WAIT_S, 1,800). */
  readyWaitS: number;
  couchdbUrl?: string;
}

export const DEFAULT_CAPTACIONES = 200_000;
export const DEFAULT_SET = 2_000;
const DEFAULT_READY_WAIT_S = 1_800;

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[1-9]\d*$/.test(raw)) throw new Error(`${name}=${raw} no es válido: se espera un entero positivo, sin puntos ni comas (p. ej. ${name}=${fallback}).`);
  return Number(raw);
}

export function scaleSettings(env: NodeJS.ProcessEnv = process.env, reserved = 0): ScaleSettings {
  const captaciones = positive(env, 'SCALE_CAPTACIONES', DEFAULT_CAPTACIONES);
  // A development load of 2,000 still leaves nine tenths to the other people.
  const set = positive(env, 'SCALE_SET', Math.min(DEFAULT_SET, Math.floor(captaciones / 10)));
  if (set + reserved > captaciones) {
    throw new Error(`SCALE_SET=${set} no cabe: con SCALE_CAPTACIONES=${captaciones} quedan ${captaciones - reserved} para el asesor medido (las demás son de los supervisores).`);
  }
  const keep = env.SCALE_KEEP ?? '';
  if (keep !== '' && keep !== '0' && keep !== '1') throw new Error(`SCALE_KEEP=${keep} no es válido: se espera 1 (conservar la carga en CouchDB) o 0.`);
  const couchdbUrl = env.COUCHDB_URL || undefined;
  if (keep === '1' && !couchdbUrl) throw new Error('SCALE_KEEP=1 solo conserva una carga en Apache CouchDB: falta COUCHDB_URL.');
  return { captaciones, set, keep: keep === '1', readyWaitS: positive(env, 'SCALE_READY_WAIT_S', DEFAULT_READY_WAIT_S), couchdbUrl };
}
