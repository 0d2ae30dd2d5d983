/**
 * Read-your-writes through the captaciones service, the one REST calls, on a real embedded store:
 * gateway A is a real HTTP gateway; gateway B is a second repository and service on the same
 * store whose feed lags (lagging-feed.ts), as one behind a CouchDB shard copy would.
 */
import type { Request } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import type { AuthUser } from '../http/actor';
import { writeFactsReader } from '../policy/facts';
import { DocRepository } from '../store/doc-repository';
import { gatewayForFile } from '../testing/per-file';
import { ROLES, signedIn, type Person } from '../testing/captaciones';
import { LaggingFeed } from './lagging-feed';
import { parseListQuery } from './query';
import { RECENT_WRITES_COOKIE, recentWrites } from './recent-writes';
import { CaptacionesRepository } from './repository';
import { CaptacionesService } from './service';
import { captacionesSyncedFor } from './synced';
import { scopedBulkDocs } from '../sync/writes';

const gw = gatewayForFile();
let asesor: Person;
let admin: Person;
let feed: LaggingFeed;
let repoB: CaptacionesRepository;
let b: CaptacionesService;
let asesorUser: AuthUser;
let adminUser: AuthUser;

const payload = (nombre: string) => {
  const { _id: _omit, ...body } = sampleCaptacion({ propietario: { nombre }, captacion: { fecha: '2030-01-01T00:00:00.000Z' } }) as ReturnType<typeof sampleCaptacion> & { _id?: string };
  return body;
};

beforeAll(async () => {
  [asesor, admin] = await Promise.all([signedIn(gw, ROLES.asesor), signedIn(gw, ROLES.admin)]);
  const { usuarios, sessionUsers } = gw.gateway.context;
  const db = await gw.store.db('captaciones');
  feed = new LaggingFeed(db);
  const repo = new CaptacionesRepository(db, usuarios, {}, { changes: feed.changes });
  repoB = repo;
  b = new CaptacionesService({ store: gw.store, sessionUsers, repo, facts: writeFactsReader({ usuarios, empleados: new DocRepository(await gw.store.db('empleados'), 'empleado') }), pdfs: gw.gateway.pdfs });
  asesorUser = (await sessionUsers.resolve(asesor.user.id))!;
  adminUser = (await sessionUsers.resolve(admin.user.id))!;
});

const ids = (r: { captaciones: Array<{ _id: string }> }): string[] => r.captaciones.map((c) => c._id);
const search = (words: string) => parseListQuery({ search: words, limit: '100' });
/** The request of a list carrying these cookies. */
const withCookie = (cookie: string) => ({ headers: { cookie } }) as unknown as Request;

/** A REST call on gateway A with the session and the hint cookie, keeping both as a browser does. */
async function browser(p: Person, jar: Map<string, string>, method: string, path: string, body?: unknown) {
  if (!jar.size) jar.set(p.client.cookie.split('=')[0], p.client.cookie.split('=').slice(1).join('='));
  const res = await fetch(gw.url + path, {
    method,
    headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { status: res.status, body: await res.json(), setCookie: res.headers.getSetCookie() };
}
const cookieOf = (jar: Map<string, string>): string => `${RECENT_WRITES_COOKIE}=${jar.get(RECENT_WRITES_COOKIE) ?? ''}`;

describe('a list right after a write on the same gateway', () => {
  it('shows the creation, the edit, the reassignment and the deletion, while its feed is held back', async () => {
    await b.list(adminUser, search(''));
    feed.held = true;
    const created = await b.create(asesorUser, payload('Guardada Enseguida'));
    expect(ids(await b.list(asesorUser, search('enseguida')))).toEqual([created._id]);
    const totalBefore = (await b.list(adminUser, search(''))).paginacion.total;

    const edited = await b.update(asesorUser, created._id, { ...created, propietario: { ...created.propietario as object, nombre: 'Editada Enseguida' } });
    expect(ids(await b.list(asesorUser, search('editada')))).toEqual([created._id]);
    expect(ids(await b.list(asesorUser, search('guardada')))).toEqual([]);

    const reassigned = await b.update(adminUser, created._id, { ...edited, captacion: { ...edited.captacion as object, asesor: admin.user.id } });
    expect(ids(await b.list(adminUser, parseListQuery({ supervisor: admin.user.id })))).toEqual([created._id]);
    expect(ids(await b.list(adminUser, parseListQuery({ supervisor: asesor.user.id })))).not.toContain(created._id);

    await b.remove(adminUser, created._id, reassigned._rev);
    expect(ids(await b.list(adminUser, search('editada')))).toEqual([]);
    expect((await b.list(adminUser, search(''))).paginacion.total).toBe(totalBefore - 1);

    // The feed catching up neither brings it back nor counts anything twice.
    feed.held = false;
    expect(ids(await b.list(adminUser, search('editada')))).toEqual([]);
    expect((await b.list(adminUser, search(''))).paginacion.total).toBe(totalBefore - 1);
  });
});

describe('a list on another gateway after a write through this one', () => {
  it('shows it to the person who wrote it (their cookie names it), whatever that gateway\'s feed says', async () => {
    await b.list(adminUser, search(''));
    feed.held = true;
    const jar = new Map<string, string>();
    const posted = await browser(asesor, jar, 'POST', '/api/captaciones', payload('Desde Otra Pasarela'));
    expect(posted.status).toBe(201);
    const hint = posted.setCookie.find((c) => c.startsWith(`${RECENT_WRITES_COOKIE}=`))!;
    expect(hint).toMatch(/Path=\/api\/captaciones/);
    expect(hint).toMatch(/HttpOnly/);
    expect(hint).toMatch(/SameSite=Lax/);
    expect(hint).toMatch(/Max-Age=120/);
    const id = posted.body.captacion._id as string;
    expect(recentWrites(withCookie(cookieOf(jar)))).toEqual([{ id, rev: posted.body.captacion._rev }]);

    // Without the cookie, gateway B has only its feed, which has not delivered the write.
    expect(ids(await b.list(asesorUser, search('pasarela')))).toEqual([]);
    expect(ids(await b.list(asesorUser, search('pasarela'), recentWrites(withCookie(cookieOf(jar)))))).toEqual([id]);

    // Deleted through A by an administrator: their list on B no longer shows it either.
    const adminJar = new Map<string, string>();
    const gone = await browser(admin, adminJar, 'DELETE', `/api/captaciones/${id}`);
    expect(gone.status).toBe(200);
    expect(recentWrites(withCookie(cookieOf(adminJar)))).toEqual([{ id, rev: expect.stringMatching(/^2-/) }]);
    // (B's directory still counts it without the cookie; the page itself re-reads the documents.)
    expect((await b.list(adminUser, search('pasarela'))).paginacion.total).toBe(1);
    const after = await b.list(adminUser, search('pasarela'), recentWrites(withCookie(cookieOf(adminJar))));
    expect(ids(after)).toEqual([]);
    expect(after.paginacion.total).toBe(0);

    // A second write keeps the first in the cookie.
    const next = await browser(admin, adminJar, 'POST', '/api/captaciones', payload('Otra Mas'));
    expect(recentWrites(withCookie(cookieOf(adminJar))).map((r) => r.id)).toEqual([id, next.body.captacion._id]);

    feed.held = false;
    expect(ids(await b.list(asesorUser, search('pasarela')))).toEqual([]);
    expect(ids(await b.list(asesorUser, search('otra mas')))).toEqual([next.body.captacion._id]);
  });

  it('ignores a malformed or forged cookie', async () => {
    expect(recentWrites(withCookie(`${RECENT_WRITES_COOKIE}=no-es-json`))).toEqual([]);
    expect(recentWrites(withCookie(`${RECENT_WRITES_COOKIE}=${encodeURIComponent(JSON.stringify([['_design/x', '1-a'], ['ok', 'sin-rev'], ['bien', '2-abc']]))}`))).toEqual([{ id: 'bien', rev: '2-abc' }]);
    const res = await fetch(`${gw.url}/api/captaciones`, { headers: { cookie: `${asesor.client.cookie}; ${RECENT_WRITES_COOKIE}=${encodeURIComponent(JSON.stringify([['inventada', '7-abc']]))}` } });
    expect(res.status).toBe(200);
  });
});

describe('a list right after a device push on the same gateway', () => {
  it('shows what `_bulk_docs` stored while its feed is held back', async () => {
    await b.list(adminUser, search(''));
    feed.held = true;
    try {
      const { usuarios } = gw.gateway.context;
      const facts = writeFactsReader({ usuarios, empleados: new DocRepository(await gw.store.db('empleados'), 'empleado') });
      const hash = 'a'.repeat(32);
      const doc = { ...payload('Empujada Desde Tableta'), _id: 'empujada-tableta', _rev: `1-${hash}`, _revisions: { start: 1, ids: [hash] } };
      const db = await gw.store.db('captaciones');
      const out = await scopedBulkDocs({ store: gw.store, facts }, db, captacionesSyncedFor(repoB.directory), asesorUser, [doc], false);
      expect(out).toEqual([]);
      expect(ids(await b.list(asesorUser, search('tableta')))).toEqual(['empujada-tableta']);
    } finally {
      feed.held = false;
    }
  });
});
