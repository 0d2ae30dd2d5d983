/**
 * Health and readiness for a load balancer or a monitor (docs/operacion.md «Salud y disponibilidad»):
 *
 * - `GET /api/health`: the process answers; touches nothing (no store, no session). 200 always.
 * - `GET /api/ready`: whether this gateway can serve now: the store answers within STORE_TIMEOUT_MS,
 *   the captaciones list's directory has caught up once, and the gateway is not stopping. JSON with
 *   each check's state and time; 503 with Retry-After when any fails.
 *
 * The store is also probed in the background every PROBE_EVERY_MS: while it does not answer, every
 * other `/api` and `/db` request is answered 503 with Retry-After and a Spanish reason at once
 * (gateWhileStoreDown), rather than a session read from memory saying "signed in" or a sign-in
 * waiting on a silent database. A balancer that reads `/api/ready` takes the gateway out meanwhile.
 */
import type { RequestHandler, Router } from 'express';
import express from 'express';
import type { Check, ReadyAnswer } from '../../../couch-design/estado';
import { RETRY_AFTER_S } from './errors';

export type { Check, ReadyAnswer };

/** A store slower than this to answer a read of one database's info is "not answering". */
export const STORE_TIMEOUT_MS = 2_500;
/** How often the background probe asks the store. */
export const PROBE_EVERY_MS = 1_000;

export const STORE_DOWN = 'Servicio no disponible: la base de datos no responde. Intente de nuevo en unos segundos.';

export interface ReadinessOptions {
  /** One read of the store (a database's info); the store's own errors or silence make it fail. */
  probeStore: () => Promise<unknown>;
  /** Whether the list's directory has caught up with the store at least once. */
  directoryCaughtUp: () => boolean;
  version: string;
  storeTimeoutMs?: number;
  probeEveryMs?: number;
  /** Called when the store stops or starts answering (one log line each). */
  onChange?: (storeUp: boolean, detail: string) => void;
}

class Timeout extends Error {}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

const detailOf = (e: unknown): string => (e instanceof Timeout ? e.message : e instanceof Error ? (e as { reason?: string }).reason || e.message : String(e));

export class Readiness {
  private storeUp = true;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<Check> | null = null;
  private readonly storeTimeoutMs: number;
  private readonly probeEveryMs: number;

  constructor(private readonly opts: ReadinessOptions) {
    this.storeTimeoutMs = opts.storeTimeoutMs ?? STORE_TIMEOUT_MS;
    this.probeEveryMs = opts.probeEveryMs ?? PROBE_EVERY_MS;
  }

  /** Whether the last probe saw the store answer. */
  get storeAnswers(): boolean {
    return this.storeUp;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** One probe at a time: a silent store is not asked again and again meanwhile. */
  probe(): Promise<Check> {
    this.probing ??= (async (): Promise<Check> => {
      const started = performance.now();
      let check: Check;
      try {
        await within(this.opts.probeStore(), this.storeTimeoutMs);
        check = { estado: 'ok', ms: Math.round(performance.now() - started) };
      } catch (e) {
        check = { estado: 'falla', ms: Math.round(performance.now() - started), detalle: detailOf(e) };
      }
      const up = check.estado === 'ok';
      if (up !== this.storeUp) {
        this.storeUp = up;
        this.opts.onChange?.(up, check.detalle ?? '');
      }
      return check;
    })().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  start(): void {
    if (this.timer) return;
    const tick = (): void => {
      void this.probe().finally(() => {
        if (this.timer) this.timer = setTimeout(tick, this.probeEveryMs);
      });
    };
    this.timer = setTimeout(tick, this.probeEveryMs);
    this.timer.unref();
  }

  /** The gateway is stopping: not ready from now on; the probe ends. */
  stop(): void {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async answer(): Promise<ReadyAnswer> {
    const almacen = await this.probe();
    const started = performance.now();
    const caughtUp = this.opts.directoryCaughtUp();
    const directorio: Check = caughtUp ? { estado: 'ok', ms: Math.round(performance.now() - started) } : { estado: 'falla', ms: 0, detalle: 'la lista de captaciones aún no alcanza a la base' };
    const parada: Check = this.stopping ? { estado: 'falla', ms: 0, detalle: 'la pasarela se está deteniendo' } : { estado: 'ok', ms: 0 };
    const listo = [almacen, directorio, parada].every((c) => c.estado === 'ok');
    return { listo, version: this.opts.version, comprobado: new Date().toISOString(), comprobaciones: { almacen, directorio, parada } };
  }
}

/** `/api/health` and `/api/ready`: before sessions and every other middleware, cheap and never cached. */
export function healthRoutes(readiness: Readiness, version: string): Router {
  const r = express.Router();
  r.get('/api/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ estado: 'ok', version, hora: new Date().toISOString(), segundos_en_marcha: Math.round(process.uptime()) });
  });
  r.get('/api/ready', async (_req, res) => {
    const answer = await readiness.answer();
    res.setHeader('Cache-Control', 'no-store');
    if (!answer.listo) res.setHeader('Retry-After', String(RETRY_AFTER_S));
    res.status(answer.listo ? 200 : 503).json(answer);
  });
  return r;
}

/**
 * While the background probe sees the store silent (or the gateway stopping), `/api` and `/db`
 * requests are answered 503 with Retry-After at once, in each one's shape: a sign-in never waits
 * on the database nor hears a rate-limit message, and a session kept in memory does not read as
 * valid from a gateway that cannot see it ended.
 */
export function gateWhileStoreDown(readiness: Readiness): RequestHandler {
  return (req, res, next) => {
    if (readiness.storeAnswers) return next();
    res.setHeader('Retry-After', String(RETRY_AFTER_S));
    if (req.originalUrl.startsWith('/db')) res.status(503).json({ error: 'service_unavailable', reason: STORE_DOWN });
    else res.status(503).json({ success: false, mensaje: STORE_DOWN });
  };
}
