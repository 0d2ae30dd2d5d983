import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** LevelDB folder of the embedded store; ':memory:' keeps everything in memory (tests). */
  dataDir: string;
  /** Apache CouchDB instead of the embedded store: one node's URL, or a cluster's nodes separated by commas. */
  couchdbUrl?: string;
  dbPrefix: string;
  sessionSecret: string;
  adminEmail?: string;
  adminPassword?: string;
  publicSignup: boolean;
  trustProxy: boolean;
  /** Folder of the built PWA served as static files; absent in API-only tests. */
  staticDir?: string;
  /** Session lifetime: a rolling session of weeks, so a field trip does not end it. */
  sessionMaxAgeMs: number;
  /** Requests slower than this are logged, one line each (longpolls excepted). */
  slowRequestMs: number;
  /** Idle minutes before the PWA locks itself and asks for the password (BLOQUEO_INACTIVIDAD_MIN, docs/operacion.md). */
  deviceLockMinutes?: number;
  /** The demo dashboard may ask GitHub for a live star count (CSP widened to api.github.com); off, no third-party call. */
  demoGithubStars?: boolean;
}

/** A setting with a wrong value: the start stops with this Spanish line (main.ts). */
export class SettingError extends Error {}

/** Minutes the app may sit unused on a device before it locks: 15 unless the operator says otherwise. */
export const DEFAULT_DEVICE_LOCK_MINUTES = 15;

function lockMinutes(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_DEVICE_LOCK_MINUTES;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 1440) {
    throw new SettingError(`BLOQUEO_INACTIVIDAD_MIN debe ser un número entero de minutos entre 1 y 1440; se recibió «${raw}».`);
  }
  return Number(raw);
}

const truthy = (v: string | undefined): boolean => /^(1|true|yes|si|sí)$/i.test(v ?? '');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? path.resolve('data'),
    couchdbUrl: env.COUCHDB_URL || undefined,
    dbPrefix: env.COUCH_DB_PREFIX ?? 'inmo_',
    sessionSecret: env.SESSION_SECRET ?? '',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicSignup: truthy(env.PUBLIC_SIGNUP),
    trustProxy: truthy(env.TRUST_PROXY),
    staticDir: path.resolve('dist'),
    sessionMaxAgeMs: 30 * 24 * 60 * 60 * 1000,
    slowRequestMs: Number(env.SLOW_REQUEST_MS) > 0 ? Number(env.SLOW_REQUEST_MS) : 10_000,
    demoGithubStars: truthy(env.DEMO_GITHUB_STARS),
    deviceLockMinutes: lockMinutes(env.BLOQUEO_INACTIVIDAD_MIN),
  };
}
