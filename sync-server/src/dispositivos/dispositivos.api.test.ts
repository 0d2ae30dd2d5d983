/**
 * A person's devices (issue 31 item 4, issue 32 item 4; docs/architecture.md «Dispositivos»): each
 * open session with its label, last contact, last successful sync and refused documents, named by
 * an opaque id and never by its session id; 'Borrar datos de este dispositivo' on one's own device
 * and an admin's 'Cerrar sesión en todos los dispositivos' make those devices wipe at their next
 * contact; everything else refused with the right status and a Spanish message. And the records
 * are written at most once a minute per device, never once per request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { stampCaptacion } from '../../../couch-design/captacion/stamp';
import { DISPOSITIVO_MSG, type Dispositivo } from '../../../couch-design/sesion/dispositivos';
import { SESSION_REVOKED_BY } from '../../../couch-design/usuario';
import { gatewayForFile } from '../testing/per-file';
import { HttpClient, startGateway, type CreatedUser } from '../testing/gateway';
import { eventually, localDb, remoteDb } from '../testing/pouch-client';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const gw = gatewayForFile();
let admin: CreatedUser;
let adminClient: HttpClient;
beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
  adminClient = await gw.client().signIn(admin.email, admin.password);
});

/** A browser: every request carries its User-Agent. */
class Browser extends HttpClient {
  constructor(
    baseUrl: string,
    private readonly userAgent: string,
  ) {
    super(baseUrl);
  }

  override fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    return super.fetch(path, { ...init, headers });
  }
}

/** A device: a signed-in client, with a browser's User-Agent when given. */
function device(user: CreatedUser, userAgent?: string): Promise<HttpClient> {
  return (userAgent ? new Browser(gw.url, userAgent) : gw.client()).signIn(user.email, user.password);
}

const myDevices = async (c: HttpClient): Promise<Dispositivo[]> => {
  const r = await c.json('GET', '/api/dispositivos');
  expect(r.status).toBe(200);
  return r.body.dispositivos as Dispositivo[];
};

const current = async (c: HttpClient): Promise<Dispositivo> => (await myDevices(c)).find((d) => d.actual)!;

/** Replication longpolls waiting now on the test gateway (its metrics' gauge). */
async function openFeeds(): Promise<number> {
  const metric = await gw.gateway.metrics.registry.getSingleMetric('inmo_replicacion_feeds_abiertos')?.get();
  return Number(metric?.values[0]?.value ?? 0);
}

/** The session id inside the signed cookie (`inmo.sid=s%3A<sid>.<signature>`). */
const sidOf = (c: HttpClient): string => decodeURIComponent(c.cookie.split('=')[1]).slice(2).split('.')[0];

describe('Mis dispositivos', () => {
  it('lists a person’s own sessions with label, contact, sync and refusals, the current one marked, no session id', async () => {
    const p = await gw.createUser({ role: 'user' });
    const tablet = await device(p, ANDROID);
    const ipad = await device(p, IPAD);
    // The iPad syncs: one replication answered OK, and a push with one document refused.
    const local = localDb();
    const mine = stampCaptacion({ ...sampleCaptacion({ captacion: { asesor: p.id } }), _id: `cap-${p.id}` }, null, { nombre: 'Persona De Prueba', email: p.email }, new Date().toISOString());
    await local.put(mine as unknown as PouchDB.Core.PutDocument<Record<string, unknown>>);
    await local.put({ _id: `no-es-captacion-${p.id}`, type: 'otra-cosa' });
    const pushed = await local.replicate.to(remoteDb(gw.url, 'captaciones', ipad.cookie));
    expect(pushed.docs_written).toBe(1);

    const r = await tablet.json('GET', '/api/dispositivos');
    expect(r.status).toBe(200);
    const list = r.body.dispositivos as Dispositivo[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ actual: true, etiqueta: 'Chrome en Android', ultima_sincronizacion: null, rechazados: 0 });
    expect(list[1]).toMatchObject({ actual: false, etiqueta: 'Safari en iPad', rechazados: 1 });
    for (const d of list) {
      expect(d.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(String(d.inicio))).not.toBeNaN();
      expect(Date.parse(String(d.ultimo_contacto))).not.toBeNaN();
    }
    expect(Date.parse(String(list[1].ultima_sincronizacion))).not.toBeNaN();
    // No session id, of this session or another, in the answer.
    for (const sid of [sidOf(tablet), sidOf(ipad)]) expect(JSON.stringify(r.body)).not.toContain(sid);
    // The iPad sees the same two, itself marked.
    expect((await current(ipad)).id).toBe(list[1].id);
  });

  it('erases one of the person’s own devices: it is told why at its next contact, the others keep working', async () => {
    const p = await gw.createUser({ role: 'user' });
    const here = await device(p, ANDROID);
    const lost = await device(p, IPAD);
    const lostId = (await current(lost)).id;

    const r = await here.json('POST', '/api/dispositivos/borrar', { dispositivo: lostId });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: DISPOSITIVO_MSG.borrado });

    expect((await lost.json('GET', '/api/check-auth')).body).toEqual({
      success: false, authenticated: false, revocada: true, motivo: 'dispositivo', mensaje: SESSION_REVOKED_BY.dispositivo,
    });
    expect((await lost.fetch('/db/captaciones/_changes')).status).toBe(401);
    expect((await here.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
    expect((await myDevices(here)).map((d) => d.actual)).toEqual([true]);
    // Erasing it again finds nothing: it is no open session any more.
    expect((await here.json('POST', '/api/dispositivos/borrar', { dispositivo: lostId })).status).toBe(404);
  });

  it('ends a waiting replication feed of the erased device at once, with 401', async () => {
    const p = await gw.createUser({ role: 'user' });
    const here = await device(p);
    const lost = await device(p);
    const lostId = (await current(lost)).id;
    const { last_seq } = (await lost.json('GET', '/db/captaciones/_changes')).body as { last_seq: string };
    const started = Date.now();
    const waiting = lost.fetch(`/db/captaciones/_changes?feed=longpoll&since=${encodeURIComponent(last_seq)}&timeout=55000`);
    await eventually(async () => (await openFeeds()) === 1, 'el longpoll abierto');
    expect((await here.json('POST', '/api/dispositivos/borrar', { dispositivo: lostId })).status).toBe(200);
    expect((await waiting).status).toBe(401);
    // It answered when the session was marked, not at the end of its wait.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses a bad body (400), another person’s device (404) and a visitor (401), in Spanish', async () => {
    const p = await gw.createUser({ role: 'user' });
    const q = await gw.createUser({ role: 'user' });
    const mine = await device(p);
    const theirs = await device(q);
    const theirId = (await current(theirs)).id;

    for (const [body, mensaje] of [
      [{}, DISPOSITIVO_MSG.idObligatorio],
      [{ dispositivo: '' }, DISPOSITIVO_MSG.idObligatorio],
      [{ dispositivo: 'sess:abc' }, DISPOSITIVO_MSG.idInvalido],
      [{ dispositivo: theirId.toUpperCase() }, DISPOSITIVO_MSG.idInvalido],
      [{ dispositivo: { $gt: null } }, "El campo 'Dispositivo' debe ser texto."],
    ] as const) {
      const r = await mine.json('POST', '/api/dispositivos/borrar', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, mensaje });
    }
    expect((await mine.json('POST', '/api/dispositivos/borrar', '[1,2]')).status).toBe(400);

    const other = await mine.json('POST', '/api/dispositivos/borrar', { dispositivo: theirId });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, mensaje: DISPOSITIVO_MSG.noEncontrado });
    expect((await theirs.json('GET', '/api/check-auth')).body.authenticated).toBe(true);

    const visitor = gw.client();
    expect((await visitor.json('GET', '/api/dispositivos')).status).toBe(401);
    expect((await visitor.json('POST', '/api/dispositivos/borrar', { dispositivo: theirId })).status).toBe(401);
  });
});

describe('an admin and a person’s devices', () => {
  it('lists a user’s devices and ends them all with a wipe; the admin’s own sessions stay', async () => {
    const p = await gw.createUser({ role: 'user' });
    const a = await device(p, ANDROID);
    const b = await device(p, IPAD);

    const listed = await adminClient.json('GET', `/api/users/${p.id}/dispositivos`);
    expect(listed.status).toBe(200);
    expect((listed.body.dispositivos as Dispositivo[]).map((d) => [d.etiqueta, d.actual]).sort()).toEqual([['Chrome en Android', false], ['Safari en iPad', false]]);

    const closed = await adminClient.json('POST', `/api/users/${p.id}/dispositivos/cerrar`);
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ success: true, cerradas: 2, message: DISPOSITIVO_MSG.cerradas(2) });
    for (const c of [a, b]) {
      expect((await c.json('GET', '/api/check-auth')).body).toMatchObject({ authenticated: false, revocada: true, motivo: 'todos', mensaje: SESSION_REVOKED_BY.todos });
    }
    expect((await adminClient.json('GET', `/api/users/${p.id}/dispositivos`)).body.dispositivos).toEqual([]);
    expect((await adminClient.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
  });

  it('ending their own keeps the session they asked from', async () => {
    const other = await device(admin);
    const r = await adminClient.json('POST', `/api/users/${admin.id}/dispositivos/cerrar`);
    expect(r.status).toBe(200);
    expect(r.body.cerradas).toBeGreaterThanOrEqual(1);
    expect((await other.json('GET', '/api/check-auth')).body.revocada).toBe(true);
    expect((await adminClient.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
  });

  it('refuses a non-admin (403), an unknown user (404) and a bad id (400)', async () => {
    const p = await gw.createUser({ role: 'user' });
    const q = await gw.createUser({ role: 'supervisor de obra' });
    const victim = await device(p);
    const c = await device(q);

    const list = await c.json('GET', `/api/users/${p.id}/dispositivos`);
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ success: false, mensaje: DISPOSITIVO_MSG.soloAdmins });
    const close = await c.json('POST', `/api/users/${p.id}/dispositivos/cerrar`);
    expect(close.status).toBe(403);
    expect(close.body.mensaje).toBe(DISPOSITIVO_MSG.soloAdmins);
    expect((await victim.json('GET', '/api/check-auth')).body.authenticated).toBe(true);
    // A person may read their own list by id, but ending every session is an admin's.
    expect((await c.json('GET', `/api/users/${q.id}/dispositivos`)).status).toBe(200);
    expect((await c.json('POST', `/api/users/${q.id}/dispositivos/cerrar`)).status).toBe(403);

    for (const [method, path] of [['GET', '/api/users/no-existe/dispositivos'], ['POST', '/api/users/no-existe/dispositivos/cerrar']] as const) {
      const r = await adminClient.json(method, path);
      expect(r.status).toBe(404);
      expect(r.body.mensaje).toBe(DISPOSITIVO_MSG.usuarioNoEncontrado);
    }
    expect((await adminClient.json('GET', '/api/users/_design/dispositivos')).status).toBe(400);
    expect((await gw.client().json('POST', `/api/users/${p.id}/dispositivos/cerrar`)).status).toBe(401);
  });
});

describe('the activity records', () => {
  it('are written once per device however many requests it makes, and read by another gateway', async () => {
    const p = await gw.createUser({ role: 'user' });
    const c = await device(p, ANDROID);
    await gw.gateway.activity.flush({ all: true });
    const id = (await current(c)).id;
    const sesiones = await gw.store.db('sesiones');
    const rev = async (): Promise<string> => String((await sesiones.get(`disp:${id}`))._rev);
    const first = await rev();

    for (let i = 0; i < 30; i++) await c.json('GET', '/api/check-auth');
    await gw.gateway.activity.flush();
    expect(await rev()).toBe(first);

    const seen = await current(c);
    const second = await startGateway({ joining: gw });
    try {
      const fromSecond = await fetch(`${second.url}/api/dispositivos`, { headers: { cookie: c.cookie, accept: 'application/json', 'user-agent': ANDROID } });
      const listed = ((await fromSecond.json()) as { dispositivos: Dispositivo[] }).dispositivos;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id, etiqueta: 'Chrome en Android', actual: true });
      // What the first gateway wrote, at most a minute behind what it noted since.
      expect(Date.parse(String(seen.ultimo_contacto)) - Date.parse(String(listed[0].ultimo_contacto))).toBeLessThan(60_000);
    } finally {
      await second.close();
    }
  });
});
