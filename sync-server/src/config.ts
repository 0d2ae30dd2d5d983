/**
 * Every setting the gateway and its commands read (docs/operacion.md «Variables de entorno»),
 * parsed by one declared schema: a wrong value stops the start with one Spanish line naming the
 * variable, what is wrong and the expected form (BadSetting; main.ts exits 2), before anything is
 * opened or created. An empty value of an optional text or yes/no setting means "not set" (as
 * systemd's `Environment=X=` leaves it); an empty PORT, HOST, DATA_DIR or prefix is refused.
 * Values that may hold a secret (SESSION_SECRET, COUCHDB_URL, METRICS_TOKEN) are never repeated.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log';
import { parseNodeUrls } from './store/couch-nodes';
import type { PdfPoolSettings } from './http/pdf-pool';
import { DEFAULT_DEVICE_SETTINGS } from '../../couch-design/usuario/session-answer';

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
  /** Days a device may go without reaching the gateway before only an online sign-in opens it (GRACIA_SIN_CONEXION_DIAS). */
  offlineGraceDays?: number;
  /** Days without reaching the gateway after which a device wipes the person's data at its next start (BORRADO_SIN_CONEXION_DIAS). */
  offlineWipeDays?: number;
  /** Days a captación the person opened or edited stays on their devices (DISPOSITIVO_DIAS_RECIENTES, issue 34). */
  deviceRecentDays?: number;
  /** Megabytes a person's data may take on a device (DISPOSITIVO_ESPACIO_MB, issue 34 item 3). */
  deviceBudgetMb?: number;
  /**
   * Devices replicate the person's whole read scope instead of their device set
   * (DISPOSITIVO_ALCANCE_COMPLETO; as before issue 34, for a small firm).
   */
  wholeScopeOnDevices?: boolean;
  /** The demo dashboard may ask GitHub for a live star count (CSP widened to api.github.com); off, no third-party call. */
  demoGithubStars?: boolean;
  /** `/metrics` answers only with this bearer token; without it, `/metrics` does not exist. */
  metricsToken?: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  /** The PDF threads: how many, each one's memory, each PDF's time-out (PDF_WORKERS, PDF_WORKER_MEMORY_MB, PDF_TIMEOUT_MS). */
  pdf: PdfPoolSettings;
}

/** A setting that can never work: one Spanish line, naming the variable and the expected form. */
export class BadSetting extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'BadSetting';
  }
}

/** DISPOSITIVO_DIAS_RECIENTES: a month of opened and edited captaciones stays on the device. */
export const DEFAULT_RECENT_DAYS = 30;

/** Bytes a SESSION_SECRET needs with NODE_ENV=production. */
export const MIN_SECRET_BYTES = 32;
export const MIN_METRICS_TOKEN = 16;

/**
 * The PDF threads (http/pdf-pool.ts): two make two PDFs at once beside the event loop; 256 MB of
 * JavaScript heap each is several times what a captación PDF of 50 photos of the largest size
 * takes; 30 s is well past such a PDF on a loaded machine and under a REST turn's longest wait.
 */
export const DEFAULT_PDF: PdfPoolSettings = { workers: 2, memoryMb: 256, timeoutMs: 30_000 };

const TRUE = /^(1|true|yes|si|sí)$/i;
const FALSE = /^(0|false|no)$/i;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** CouchDB's rule for a database name's start (the prefix is the start of every name). */
const DB_PREFIX = /^[a-z][a-z0-9_$()+/-]*$/;

const shown = (v: string): string => JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);

type Env = NodeJS.ProcessEnv;

function bool(env: Env, name: string): boolean {
  const v = env[name];
  if (v === undefined || v === '') return false;
  if (TRUE.test(v)) return true;
  if (FALSE.test(v)) return false;
  throw new BadSetting(name, `${name}=${shown(v)} no es un valor de sí o no: use 1, true, yes, si o sí para activarlo, o 0, false o no (o déjela vacía) para no activarlo.`);
}

function required(env: Env, name: string, fallback: string, expected: string): string {
  const v = env[name];
  if (v === undefined) return fallback;
  if (v.trim() === '') throw new BadSetting(name, `${name} está definida pero vacía: ${expected}, o quítela para usar el valor predeterminado (${fallback}).`);
  return v;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, example: string): number {
  const v = required(env, name, String(fallback), `se espera un número entero de ${min} a ${max} (p. ej. ${name}=${example})`);
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new BadSetting(name, `${name}=${shown(v)} no es válido: se espera un número entero de ${min} a ${max} (p. ej. ${name}=${example}).`);
  }
  return Number(v);
}

/**
 * The offline limits of a device (docs/architecture.md, "Datos cifrados en el dispositivo"): the
 * wipe must come after the grace period, or a device would wipe before it ever asked to go online.
 */
function offlineLimits(env: Env): { offlineGraceDays: number; offlineWipeDays: number } {
  const offlineGraceDays = integer(env, 'GRACIA_SIN_CONEXION_DIAS', DEFAULT_DEVICE_SETTINGS.gracia_dias, 1, 365, '7');
  const offlineWipeDays = integer(env, 'BORRADO_SIN_CONEXION_DIAS', DEFAULT_DEVICE_SETTINGS.borrado_dias, 2, 3650, '30');
  if (offlineWipeDays <= offlineGraceDays) {
    throw new BadSetting(
      'BORRADO_SIN_CONEXION_DIAS',
      `BORRADO_SIN_CONEXION_DIAS=${offlineWipeDays} no es válido: debe ser mayor que GRACIA_SIN_CONEXION_DIAS (${offlineGraceDays}), porque el dispositivo pide conectarse antes de borrar (p. ej. GRACIA_SIN_CONEXION_DIAS=7 y BORRADO_SIN_CONEXION_DIAS=30).`,
    );
  }
  return { offlineGraceDays, offlineWipeDays };
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const v = required(env, name, fallback, `se espera uno de ${values.join(', ')}`);
  if (!(values as readonly string[]).includes(v)) throw new BadSetting(name, `${name}=${shown(v)} no es válido: se espera uno de ${values.join(', ')}.`);
  return v as T;
}

export function configFromEnv(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 1, 65535, '3000');
  const host = required(env, 'HOST', '127.0.0.1', 'se espera una dirección IP o un nombre de máquina (p. ej. 127.0.0.1 o 0.0.0.0)');
  if (!isIP(host) && !HOSTNAME.test(host)) throw new BadSetting('HOST', `HOST=${shown(host)} no es una dirección IP ni un nombre de máquina (p. ej. HOST=127.0.0.1, o 0.0.0.0 para la red local).`);
  const dataDir = path.resolve(required(env, 'DATA_DIR', './data', 'se espera la ruta de una carpeta (p. ej. DATA_DIR=/var/lib/inmobiliaria)'));
  const couchdbUrl = env.COUCHDB_URL || undefined;
  if (couchdbUrl) {
    try {
      parseNodeUrls(couchdbUrl);
    } catch (e) {
      throw new BadSetting('COUCHDB_URL', `${(e as Error).message} Se espera p. ej. COUCHDB_URL=http://admin:clave@127.0.0.1:5984 (varios nodos separados por comas).`);
    }
  }
  const dbPrefix = required(env, 'COUCH_DB_PREFIX', 'inmo_', 'se espera un prefijo de nombres de base (p. ej. COUCH_DB_PREFIX=inmo_)');
  if (!DB_PREFIX.test(dbPrefix)) throw new BadSetting('COUCH_DB_PREFIX', `COUCH_DB_PREFIX=${shown(dbPrefix)} no es válido: debe empezar con una letra minúscula y seguir con minúsculas, dígitos o _$()+-/ (p. ej. COUCH_DB_PREFIX=inmo_).`);
  const sessionSecret = env.SESSION_SECRET ?? '';
  if (sessionSecret && env.NODE_ENV === 'production' && Buffer.byteLength(sessionSecret) < MIN_SECRET_BYTES) {
    throw new BadSetting('SESSION_SECRET', `SESSION_SECRET es demasiado corto (${Buffer.byteLength(sessionSecret)} bytes) con NODE_ENV=production: se esperan al menos ${MIN_SECRET_BYTES} bytes aleatorios (p. ej. la salida de «openssl rand -base64 48»), o déjela vacía para que la pasarela genere y guarde uno.`);
  }
  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) throw new BadSetting('ADMIN_EMAIL', `ADMIN_EMAIL=${shown(adminEmail)} no es un correo electrónico (p. ej. ADMIN_EMAIL=jefa@inmobiliaria.mx).`);
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && metricsToken.length < MIN_METRICS_TOKEN) {
    throw new BadSetting('METRICS_TOKEN', `METRICS_TOKEN es demasiado corto (${metricsToken.length} caracteres): se esperan al menos ${MIN_METRICS_TOKEN} (p. ej. la salida de «openssl rand -hex 24»).`);
  }
  return {
    port,
    host,
    dataDir,
    couchdbUrl,
    dbPrefix,
    sessionSecret,
    adminEmail,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicSignup: bool(env, 'PUBLIC_SIGNUP'),
    trustProxy: bool(env, 'TRUST_PROXY'),
    staticDir: path.resolve('dist'),
    sessionMaxAgeMs: 30 * 24 * 60 * 60 * 1000,
    slowRequestMs: integer(env, 'SLOW_REQUEST_MS', 10_000, 1, 3_600_000, '10000'),
    demoGithubStars: bool(env, 'DEMO_GITHUB_STARS'),
    metricsToken,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    // Readable text in a terminal, JSON lines for a service (journald, a collector).
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, process.stdout.isTTY ? 'texto' : 'json'),
    deviceLockMinutes: integer(env, 'BLOQUEO_INACTIVIDAD_MIN', DEFAULT_DEVICE_SETTINGS.bloqueo_min, 1, 1440, '15'),
    ...offlineLimits(env),
    deviceRecentDays: integer(env, 'DISPOSITIVO_DIAS_RECIENTES', DEFAULT_RECENT_DAYS, 1, 365, '30'),
    deviceBudgetMb: integer(env, 'DISPOSITIVO_ESPACIO_MB', DEFAULT_DEVICE_SETTINGS.espacio_mb, 10, 1_000_000, '200'),
    wholeScopeOnDevices: bool(env, 'DISPOSITIVO_ALCANCE_COMPLETO'),
    pdf: {
      workers: integer(env, 'PDF_WORKERS', DEFAULT_PDF.workers, 1, 64, '2'),
      memoryMb: integer(env, 'PDF_WORKER_MEMORY_MB', DEFAULT_PDF.memoryMb, 64, 16_384, '256'),
      timeoutMs: integer(env, 'PDF_TIMEOUT_MS', DEFAULT_PDF.timeoutMs, 1_000, 600_000, '30000'),
    },
  };
}
