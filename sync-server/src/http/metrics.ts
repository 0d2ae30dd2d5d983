/**
 * `GET /metrics` in Prometheus' text format (prom-client), docs/operacion.md «Métricas». Off unless
 * METRICS_TOKEN is set; then answered only to `Authorization: Bearer <METRICS_TOKEN>` (404 without
 * the setting, 401 with a wrong or missing token), so the public behind the proxy sees nothing.
 *
 * Each gateway (createApp) has its own registry: tests run several in one process.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Router } from 'express';
import express from 'express';
import client from 'prom-client';
import { routeLabel } from './route-label';

/** People and devices (sessions) seen within this window count as active. */
const ACTIVE_WINDOW_MS = 5 * 60_000;

export interface GatewayMetrics {
  registry: client.Registry;
  /** Counts and times every request (before the routes). */
  middleware: RequestHandler;
  /** Documents a device pushed through `/db/<base>/_bulk_docs`: accepted and refused. */
  pushed(db: string, accepted: number, refused: number): void;
  /** Calls to the store, by operation: duration, and failures. */
  storeCall(operation: string, seconds: number, failed: boolean): void;
  /** Reads and writes of the turns shared between gateways (sync/shared-turns.ts), and whether they failed. */
  turnLease(operation: 'lectura' | 'escritura', failed: boolean): void;
}

export interface MetricsSources {
  /** Heavy replication requests waiting for a turn now (sync/person-slots.ts). */
  queuedTurns: () => number;
  /** The PDF threads now (pdf-pool.ts): alive, making a PDF, and PDFs waiting for one. */
  pdfLoad: () => { threads: number; busy: number; waiting: number };
}

export function createMetrics(sources: MetricsSources): GatewayMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'inmo_proceso_' });
  const requests = new client.Counter({ name: 'inmo_http_peticiones_total', help: 'Peticiones HTTP respondidas, por método, ruta y estado.', labelNames: ['metodo', 'ruta', 'estado'], registers: [registry] });
  const duration = new client.Histogram({
    name: 'inmo_http_duracion_segundos',
    help: 'Duración de las peticiones HTTP, por método y ruta (los longpoll aparte).',
    labelNames: ['metodo', 'ruta'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const replication = new client.Counter({ name: 'inmo_replicacion_peticiones_total', help: 'Peticiones de replicación (/db), por base.', labelNames: ['base'], registers: [registry] });
  const pushedDocs = new client.Counter({ name: 'inmo_replicacion_documentos_enviados_total', help: 'Documentos enviados por los dispositivos, por base y resultado (aceptado o rechazado).', labelNames: ['base', 'resultado'], registers: [registry] });
  const storeSeconds = new client.Histogram({ name: 'inmo_almacen_llamadas_segundos', help: 'Duración de las llamadas al almacén, por operación.', labelNames: ['operacion'], buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30], registers: [registry] });
  const storeErrors = new client.Counter({ name: 'inmo_almacen_errores_total', help: 'Llamadas al almacén que fallaron, por operación.', labelNames: ['operacion'], registers: [registry] });

  const turnLeases = new client.Counter({ name: 'inmo_turnos_compartidos_total', help: 'Lecturas y escrituras de los turnos por persona compartidos entre pasarelas, por operación y resultado.', labelNames: ['operacion', 'resultado'], registers: [registry] });

  let openFeeds = 0;
  new client.Gauge({ name: 'inmo_replicacion_feeds_abiertos', help: 'Longpoll de _changes esperando ahora.', registers: [registry], collect() { this.set(openFeeds); } });
  const people = new Map<string, number>();
  const devices = new Map<string, number>();
  const activeIn = (seen: Map<string, number>): number => {
    const since = Date.now() - ACTIVE_WINDOW_MS;
    for (const [k, at] of seen) if (at < since) seen.delete(k);
    return seen.size;
  };
  new client.Gauge({ name: 'inmo_personas_activas', help: 'Personas con alguna petición en los últimos 5 minutos.', registers: [registry], collect() { this.set(activeIn(people)); } });
  new client.Gauge({ name: 'inmo_dispositivos_activos', help: 'Sesiones (dispositivos o pestañas) con alguna petición en los últimos 5 minutos.', registers: [registry], collect() { this.set(activeIn(devices)); } });
  new client.Gauge({ name: 'inmo_replicacion_turnos_en_cola', help: 'Peticiones de replicación pesada esperando turno.', registers: [registry], collect() { this.set(sources.queuedTurns()); } });

  new client.Gauge({ name: 'inmo_pdf_en_cola', help: 'PDF esperando un hilo libre.', registers: [registry], collect() { this.set(sources.pdfLoad().waiting); } });
  new client.Gauge({ name: 'inmo_pdf_hilos_ocupados', help: 'Hilos de PDF haciendo un PDF ahora.', registers: [registry], collect() { this.set(sources.pdfLoad().busy); } });
  new client.Gauge({ name: 'inmo_pdf_hilos', help: 'Hilos de PDF en marcha (PDF_WORKERS cuando están todos).', registers: [registry], collect() { this.set(sources.pdfLoad().threads); } });

  const middleware: RequestHandler = (req, res, next) => {
    const started = performance.now();
    const longpoll = req.query.feed === 'longpoll';
    if (longpoll) openFeeds++;
    let counted = false;
    const done = (): void => {
      if (counted) return;
      counted = true;
      if (longpoll) openFeeds--;
      const ruta = routeLabel(req.method, req.originalUrl, res.statusCode);
      requests.inc({ metodo: req.method, ruta, estado: String(res.statusCode) });
      if (!longpoll) duration.observe({ metodo: req.method, ruta }, (performance.now() - started) / 1000);
      if (ruta.startsWith('/db/')) replication.inc({ base: ruta.split('/')[2] });
      const user = (req.user as { id?: string } | undefined)?.id;
      if (user) {
        people.set(user, Date.now());
        if (req.sessionID) devices.set(req.sessionID, Date.now());
        if (devices.size > 100_000) devices.clear();
      }
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };

  return {
    registry,
    middleware,
    pushed(db, accepted, refused) {
      if (accepted) pushedDocs.inc({ base: db, resultado: 'aceptado' }, accepted);
      if (refused) pushedDocs.inc({ base: db, resultado: 'rechazado' }, refused);
    },
    storeCall(operation, seconds, failed) {
      storeSeconds.observe({ operacion: operation }, seconds);
      if (failed) storeErrors.inc({ operacion: operation });
    },
    turnLease(operation, failed) {
      turnLeases.inc({ operacion: operation, resultado: failed ? 'fallo' : 'bien' });
    },
  };
}

function bearerMatches(req: Request, token: string): boolean {
  const given = new Uint8Array(Buffer.from(/^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? ''));
  const expected = new Uint8Array(Buffer.from(token));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `GET /metrics`, only with METRICS_TOKEN and only to its bearer. */
export function metricsRoute(metrics: GatewayMetrics, token: string | undefined): Router {
  const r = express.Router();
  if (!token) return r;
  r.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!bearerMatches(req, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).type('text/plain; charset=utf-8').send('No autorizado: /metrics pide Authorization: Bearer con el valor de METRICS_TOKEN.\n');
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return r;
}
