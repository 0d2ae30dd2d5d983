/**
 * Logs an operator can read and a machine can parse, and metrics for a monitor (issue 32): every
 * line is JSON with a time and a level; one access line per request with its route pattern, status,
 * duration, the request id it sent back and the person's id, and never a password, a cookie or a
 * session id; an error is one record with its stack in a field. `/metrics` does not exist without
 * METRICS_TOKEN, answers only its bearer, parses as Prometheus text and moves when a device syncs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { stampCaptacion } from '../../../couch-design/captacion/stamp';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { expectLoggedError } from '../../../testing/logged-errors';
import { captureLogs } from '../log';
import { startGateway, type TestGateway } from '../testing/gateway';
import { cuttable } from '../testing/cuttable-store';
import { eventually, localDb, remoteDb } from '../testing/pouch-client';
import { testStore } from '../testing/store';
import { REQUEST_ID_HEADER } from './access-log';
import { routeLabel } from './route-label';

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function gateway(opts: Parameters<typeof startGateway>[0] = {}): Promise<TestGateway> {
  const gw = await startGateway(opts);
  cleanup.push(() => gw.close());
  return gw;
}

/**
 * Prometheus' text exposition format, line by line: comments, or `name{labels} value`. Prometheus
 * reads a value as Go's ParseFloat does, so NaN in any case (prom-client writes `Nan` before the
 * event loop has been sampled).
 */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})?) (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[Nn]a[Nn]|\+Inf|-Inf))$/.exec(line);
    if (!m) throw new Error(`No es una línea de Prometheus: ${line}`);
    samples.set(m[1], /^nan$/i.test(m[2]) ? NaN : Number(m[2]));
  }
  return samples;
}

describe('the log', { timeout: 60_000 }, () => {
  it('is JSON lines with time and level, one access line per request with its id, never a password, cookie or session id', async () => {
    const gw = await gateway();
    const person = await gw.createUser({ role: 'administrator' });
    const logs = captureLogs();
    let client;
    try {
      client = await gw.client().signIn(person.email, person.password);
      const given = 'id-del-proxy-0123456789';
      const auth = await client.fetch('/api/check-auth', { headers: { 'x-request-id': given } });
      expect(auth.headers.get(REQUEST_ID_HEADER)).toBe(given);
      const other = await client.fetch('/api/users?buscar=Secreto%20Personal');
      await other.arrayBuffer();
      expect(other.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
      await eventuallyLines(logs.lines, 3);
      const records = logs.records();
      for (const r of records) {
        expect(typeof r.time === 'string' && !Number.isNaN(Date.parse(r.time))).toBe(true);
        expect(['info', 'warn', 'error']).toContain(r.level);
      }
      const access = records.filter((r) => r.msg === 'petición');
      expect(access.find((r) => r.ruta === '/api/signin')).toMatchObject({ metodo: 'POST', res: { status: 200 }, level: 'info' });
      expect(access.find((r) => r.peticion === given)).toMatchObject({ metodo: 'GET', ruta: '/api/check-auth', usuario: person.id, res: { status: 200 } });
      const list = access.find((r) => r.peticion === other.headers.get(REQUEST_ID_HEADER))!;
      expect(list).toMatchObject({ ruta: '/api/users', usuario: person.id });
      expect(typeof list.ms).toBe('number');
      const text = logs.lines.join('');
      const sid = decodeURIComponent(client.cookie.split('=')[1]);
      expect(text).not.toContain(person.password);
      expect(text).not.toContain(sid);
      expect(text).not.toContain(sid.replace(/^s:/, '').split('.')[0]);
      expect(text).not.toContain('Secreto');
      expect(text).not.toMatch(/cookie/i);
    } finally {
      logs.stop();
    }
  });

  it('writes an error as one record with its stack in a field, and the same error again is counted', async () => {
    const store = cuttable(await testStore());
    // Closed after its gateway (cleanups run newest first): a CouchDB test store deletes its databases as it closes.
    cleanup.push(() => store.close());
    const gw = await gateway({ store });
    const admin = await gw.client().signIn((await gw.createUser({ role: 'administrator' })).email, 'Contraseña-segura-1');
    store.breakWith('captaciones', () => new Error('disco roto de prueba'));
    expectLoggedError('disco roto de prueba');
    const logs = captureLogs();
    try {
      for (let i = 0; i < 3; i++) expect((await admin.json('GET', '/db/captaciones')).status).toBe(500);
      const errors = logs.records().filter((r) => r.level === 'error');
      expect(errors).toHaveLength(1);
      expect(logs.lines.filter((l) => l.includes('"level":"error"'))[0].trimEnd()).not.toContain('\n');
      const [e] = errors as Array<{ msg: string; ruta: string; err: { message: string; stack: string } }>;
      expect(e.ruta).toBe('/db/captaciones');
      expect(e.msg).toBe('GET /db/captaciones → 500: disco roto de prueba');
      expect(e.err.message).toBe('disco roto de prueba');
      expect(e.err.stack).toMatch(/^Error: disco roto de prueba\n\s+at /);
    } finally {
      logs.stop();
      store.breakWith(null);
    }
  });

  it('names routes by their pattern, never an id, and a bounded set of names', () => {
    expect(routeLabel('GET', '/api/captaciones/4b1c0a2e-77f1-4f0e-9e0b-1234567890ab?x=1', 200)).toBe('/api/captaciones/:id');
    expect(routeLabel('GET', '/api/nominas-api/empleado/emp-12/pdf', 200)).toBe('/api/nominas-api/empleado/:id/pdf');
    expect(routeLabel('POST', '/db/captaciones/_bulk_docs', 201)).toBe('/db/captaciones/_bulk_docs');
    expect(routeLabel('GET', '/db/captaciones/cap-1/foto.jpg', 200)).toBe('/db/captaciones/:doc/:adjunto');
    expect(routeLabel('GET', '/db/captaciones/_local/u1_abc', 200)).toBe('/db/captaciones/_local/:id');
    expect(routeLabel('GET', '/api/lo-que-sea', 404)).toBe('(no encontrada)');
    expect(routeLabel('GET', '/assets/index-abc.js', 200)).toBe('(aplicación)');
  });
});

async function eventuallyLines(lines: string[], n: number): Promise<void> {
  // The access line is written when the answer has been sent: a moment after the client read it.
  for (let i = 0; i < 200 && lines.filter((l) => l.includes('"msg":"petición"')).length < n; i++) await new Promise((r) => setTimeout(r, 10));
}

describe('/metrics', { timeout: 60_000 }, () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const gw = await gateway();
    expect((await fetch(`${gw.url}/metrics`)).status).toBe(404);
  });

  it('answers only its bearer, in Prometheus text, and moves when a device syncs', async () => {
    const token = 'token-de-metricas-0123456789';
    const gw = await gateway({ metricsToken: token });
    expect((await fetch(`${gw.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${gw.url}/metrics`, { headers: { authorization: 'Bearer otro-token-de-metricas-xx' } })).status).toBe(401);
    const read = async (): Promise<Map<string, number>> => {
      const res = await fetch(`${gw.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parsePrometheus(await res.text());
    };
    const before = await read();
    expect(before.get('inmo_personas_activas')).toBe(0);
    expect(before.has('inmo_proceso_process_resident_memory_bytes')).toBe(true);
    expect(before.has('inmo_proceso_nodejs_eventloop_lag_seconds')).toBe(true);
    expect(before.get('inmo_replicacion_turnos_en_cola')).toBe(0);

    const asesor = await gw.createUser({ role: 'user' });
    const client = await gw.client().signIn(asesor.email, asesor.password);
    const device = localDb();
    const mine = stampCaptacion({ ...sampleCaptacion({ captacion: { asesor: asesor.id } }), _id: 'cap-metricas' }, null, { nombre: 'Persona De Prueba', email: asesor.email }, new Date().toISOString());
    await device.put(mine as unknown as PouchDB.Core.PutDocument<Record<string, unknown>>);
    await device.put({ _id: 'no-es-captacion', type: 'otra-cosa' });
    const pushed = await device.replicate.to(remoteDb(gw.url, 'captaciones', client.cookie));
    expect(pushed.docs_written).toBe(1);

    const after = await read();
    expect(after.get('inmo_replicacion_documentos_enviados_total{base="captaciones",resultado="aceptado"}')).toBe(1);
    expect(after.get('inmo_replicacion_documentos_enviados_total{base="captaciones",resultado="rechazado"}')).toBe(1);
    expect(after.get('inmo_http_peticiones_total{metodo="POST",ruta="/db/captaciones/_bulk_docs",estado="201"}')).toBe(1);
    expect(after.get('inmo_replicacion_peticiones_total{base="captaciones"}')).toBeGreaterThanOrEqual(3);
    expect(after.get('inmo_personas_activas')).toBe(1);
    expect(after.get('inmo_dispositivos_activos')).toBe(1);
    expect(after.get('inmo_almacen_llamadas_segundos_count{operacion="bulkDocs"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('inmo_http_duracion_segundos_count{metodo="POST",ruta="/api/signin"}')).toBe(1);
  });

  it('shows the PDF threads: how many make a PDF and how many PDFs wait', async () => {
    const token = 'token-de-metricas-0123456789';
    const gw = await gateway({ metricsToken: token });
    const read = async (): Promise<Map<string, number>> =>
      parsePrometheus(await (await fetch(`${gw.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text());
    const asesor = await gw.createUser({ role: 'asesor' });
    const client = await gw.client().signIn(asesor.email, asesor.password);
    const { _id: _omit, ...body } = sampleCaptacion() as ReturnType<typeof sampleCaptacion> & { _id?: string };
    const created = await client.json('POST', '/api/captaciones', body);
    expect(created.status).toBe(201);
    const id: string = created.body.captacion._id;
    await gw.gateway.pdfs.start();
    const pdfGauges = async (): Promise<number[]> => {
      const m = await read();
      return ['inmo_pdf_hilos', 'inmo_pdf_hilos_ocupados', 'inmo_pdf_en_cola'].map((k) => m.get(k) ?? NaN);
    };
    expect(await pdfGauges()).toEqual([1, 0, 0]);

    // The test gateway's one thread holds the first PDF; the second waits for it.
    const release = gw.gateway.pdfs.pause();
    const pdfs = [client.fetch(`/api/captaciones/${id}/pdf`), client.fetch(`/api/captaciones/${id}/pdf`)];
    await eventually(async () => (await pdfGauges()).join() === '1,1,1', 'un PDF en su hilo y otro esperando', 30_000);
    release();
    expect((await Promise.all(pdfs)).map((r) => r.status)).toEqual([200, 200]);
    expect(await pdfGauges()).toEqual([1, 0, 0]);
  });
});
