import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { localDb, remoteDb, signedIn, type Person } from '../testing/pouch-client';
import { gatewayForFile } from '../testing/per-file';
import { startGateway } from '../testing/gateway';
import { isNotFound } from '../store/port';
import { FORBIDDEN_KEY, MAX_JSON_DEPTH, NOT_JSON, TOO_DEEP } from './json-body';
import { CROSS_SITE } from './same-origin';

/**
 * What reaches the gateway before any feature runs: bodies, content types and origins. Whatever a
 * client or another site sends, the answer is a Spanish 4xx and nothing is stored.
 */
const gw = gatewayForFile();
let admin: Person;

beforeAll(async () => {
  admin = await signedIn(gw, 'admin', 'emp-admin');
});

const deep = (levels: number, leaf = '"x"'): string => '['.repeat(levels) + leaf + ']'.repeat(levels);
const deepObject = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const cap = (id: string) => ({ ...sampleCaptacion({ captacion: { asesor: admin.id } }), _id: id });

/** A raw request with the admin's session cookie (or none), headers exactly as given. */
async function raw(path: string, init: { method?: string; body?: string; headers?: Record<string, string>; cookie?: boolean }) {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.cookie !== false) headers.cookie = admin.cookie;
  const res = await fetch(gw.url + path, { method: init.method ?? 'POST', body: init.body, headers, redirect: 'manual' });
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* asserted as text */ }
  return { status: res.status, body, headers: res.headers };
}

async function stored(id: string): Promise<boolean> {
  try {
    await (await gw.store.db('captaciones')).get(id);
    return true;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
}

describe('bodies no handler should ever see (no 5xx from any input)', () => {
  it('refuses a __proto__ key in the sign-in body, literal or escaped', async () => {
    for (const body of [
      '{"email":"a@ejemplo.mx","password":"x","__proto__":{"role":"administrator"}}',
      '{"email":"a@ejemplo.mx","password":"x","\\u005f_proto__":{"role":"administrator"}}',
    ]) {
      const r = await raw('/api/signin', { body, headers: { 'content-type': 'application/json' }, cookie: false });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, mensaje: FORBIDDEN_KEY });
    }
  });

  it('refuses JSON nested 10,000 levels deep in sign-in, any /api body and every /db body', async () => {
    const json = { 'content-type': 'application/json' };
    const signin = await raw('/api/signin', { body: `{"email":${deep(10_000)},"password":"x"}`, headers: json, cookie: false });
    expect(signin.status).toBe(400);
    expect(signin.body).toEqual({ success: false, mensaje: TOO_DEEP });
    const api = await raw('/api/captaciones', { body: deepObject(10_000), headers: json });
    expect(api.status).toBe(400);
    expect(api.body.mensaje).toBe(TOO_DEEP);
    const dbBodies: Array<[string, string, string]> = [
      ['POST', '/db/captaciones/_bulk_docs', `{"docs":[{"_id":"hondo","x":${deep(10_000)}}]}`],
      ['POST', '/db/captaciones/_changes?filter=_selector', `{"selector":${deepObject(10_000)}}`],
      ['PUT', '/db/captaciones/_local/punto', `{"_id":"_local/punto","x":${deep(10_000)}}`],
      ['POST', '/db/captaciones/_revs_diff', `{"a":${deep(10_000)}}`],
      ['POST', '/db/captaciones/_bulk_get', `{"docs":${deep(10_000, '{"id":"a"}')}}`],
    ];
    for (const [method, path, body] of dbBodies) {
      const r = await raw(path, { method, body, headers: json });
      expect(r.status, path).toBe(400);
      expect(r.body, path).toEqual({ error: 'bad_request', reason: TOO_DEEP });
    }
    expect(await stored('hondo')).toBe(false);
  });

  it('accepts documents as deep as real ones, up to the limit', async () => {
    const r = await admin.client.json('POST', '/db/captaciones/_bulk_docs', { docs: [{ ...cap('anidada'), extra: JSON.parse(deep(MAX_JSON_DEPTH - 3)) }] });
    expect(r.status).not.toBe(400);
    expect(r.status).toBeLessThan(500);
  });

  it('refuses objects and arrays where the sign-in wants text, in Spanish', async () => {
    const bodies = [
      { email: {}, password: 'x' },
      { email: ['a@ejemplo.mx'], password: 'x' },
      { email: 'a@ejemplo.mx', password: { toString: 1 } },
      { email: 'a@ejemplo.mx', password: ['a', 'b'] },
    ];
    for (const body of bodies) {
      const r = await gw.client().json('POST', '/api/signin', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.mensaje).toMatch(/^El campo '(email|password)' debe ser texto\.$/);
    }
  });

  it('answers body-parser failures with their own 4xx in the shape of the path', async () => {
    const badApi = await raw('/api/captaciones', { body: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(badApi.status).toBe(400);
    expect(badApi.body).toEqual({ success: false, mensaje: 'El cuerpo de la petición no es JSON válido.' });
    const badDb = await raw('/db/captaciones/_bulk_docs', { body: '{"docs":[', headers: { 'content-type': 'application/json' } });
    expect(badDb.status).toBe(400);
    expect(badDb.body).toEqual({ error: 'bad_request', reason: 'El cuerpo de la petición no es JSON válido.' });
    const charset = await raw('/db/captaciones/_bulk_docs', { body: '{"docs":[]}', headers: { 'content-type': 'application/json; charset=klingon' } });
    expect(charset.status).toBe(415);
    expect(charset.body).toEqual({ error: 'bad_content_type', reason: 'La codificación de caracteres de la petición no es compatible.' });
    const encoding = await raw('/api/signin', { body: 'xx', headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-no-existe' }, cookie: false });
    expect(encoding.status).toBe(415);
    expect(encoding.body.mensaje).toBe('La compresión de la petición no es compatible.');
    const big = await raw('/db/captaciones/_bulk_docs', { body: JSON.stringify({ docs: [{ _id: 'enorme', x: 'x'.repeat(11 * 1024 * 1024) }] }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: 'too_large', reason: 'La petición es demasiado grande.' });
    expect(await stored('enorme')).toBe(false);
  });
});

describe('cross-site requests', () => {
  const evil = { origin: 'https://sitio-malo.example', 'sec-fetch-site': 'cross-site' };

  it("refuses a text/plain cross-site _bulk_docs carrying an admin's cookie: nothing created or deleted", async () => {
    const put = await admin.client.json('POST', '/db/captaciones/_bulk_docs', { docs: [cap('victima')] });
    expect(put.status).toBe(201);
    const rev = (await (await gw.store.db('captaciones')).get('victima'))._rev;
    const body = JSON.stringify({ docs: [cap('intrusa'), { _id: 'victima', _rev: rev, _deleted: true }] });
    const modern = await raw('/db/captaciones/_bulk_docs', { body, headers: { 'content-type': 'text/plain', ...evil } });
    expect(modern.status).toBe(403);
    expect(modern.body).toEqual({ error: 'forbidden', reason: CROSS_SITE });
    // A browser without Fetch Metadata (plain HTTP on a LAN) still sends Origin.
    const older = await raw('/db/captaciones/_bulk_docs', { body, headers: { 'content-type': 'text/plain', origin: evil.origin } });
    expect(older.status).toBe(403);
    // Even with no origin at all, text/plain is never read as JSON.
    const plain = await raw('/db/captaciones/_bulk_docs', { body, headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ error: 'bad_content_type', reason: NOT_JSON });
    expect(await stored('intrusa')).toBe(false);
    expect(await stored('victima')).toBe(true);
  });

  it('refuses a form-encoded sign-in, cross-site or not, and opens no session', async () => {
    const u = await gw.createUser({ role: 'administrator' });
    const form = new URLSearchParams({ email: u.email, password: u.password }).toString();
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    const cross = await raw('/api/signin', { body: form, headers: { ...type, ...evil }, cookie: false });
    expect(cross.status).toBe(403);
    expect(cross.body).toEqual({ success: false, mensaje: CROSS_SITE });
    expect(cross.headers.get('set-cookie')).toBeNull();
    const direct = await raw('/api/signin', { body: form, headers: type, cookie: false });
    expect(direct.status).toBe(415);
    expect(direct.body).toEqual({ success: false, mensaje: NOT_JSON });
    expect(direct.headers.get('set-cookie')).toBeNull();
  });

  it('refuses other sites, sibling sites and opaque origins, on /api as on /db', async () => {
    const u = await gw.createUser({ role: 'user' });
    const body = JSON.stringify({ email: u.email, password: u.password });
    const refused: Array<Record<string, string>> = [
      evil,
      { 'sec-fetch-site': 'same-site', origin: 'https://otra.inmobiliaria.example' },
      { origin: 'null' },
      { origin: gw.url.replace('127.0.0.1', 'localhost') },
    ];
    for (const headers of refused) {
      const r = await raw('/api/signin', { body, headers: { 'content-type': 'application/json', ...headers }, cookie: false });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.body.mensaje).toBe(CROSS_SITE);
    }
    const del = await raw('/api/captaciones/victima', { method: 'DELETE', headers: evil });
    expect(del.status).toBe(403);
  });

  it('lets the application itself through: same-origin browsers, its own Origin, and clients with neither', async () => {
    const u = await gw.createUser({ role: 'user' });
    const body = JSON.stringify({ email: u.email, password: u.password });
    const json = { 'content-type': 'application/json' };
    const variants: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', origin: gw.url },
      // The Vite dev server proxies with its own Origin: Fetch Metadata is what counts.
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' },
      { 'sec-fetch-site': 'none' },
      { origin: gw.url },
      {},
    ];
    for (const headers of variants) {
      const r = await raw('/api/signin', { body, headers: { ...json, ...headers }, cookie: false });
      expect(r.status, JSON.stringify(headers)).toBe(200);
    }
    // Reading is not a change: a cross-site GET is answered as any other.
    const read = await raw('/api/check-auth', { method: 'GET', headers: evil });
    expect(read.status).toBe(200);
  });

  it('lets a PouchDB client push and pull through the checks', async () => {
    const local = localDb();
    await local.put(cap('desde-pouch'));
    const remote = remoteDb(gw.url, 'captaciones', admin.cookie);
    const pushed = await local.replicate.to(remote);
    expect(pushed.ok).toBe(true);
    expect(await stored('desde-pouch')).toBe(true);
    const pulled = await localDb().replicate.from(remote);
    expect(pulled.docs_written).toBeGreaterThan(0);
  });

  it('honours the proxy scheme and host behind TRUST_PROXY', async () => {
    const proxied = await startGateway({ trustProxy: true });
    try {
      const u = await proxied.createUser({ role: 'user' });
      const body = JSON.stringify({ email: u.email, password: u.password });
      const behind = { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'inmobiliaria.example' };
      const ok = await fetch(`${proxied.url}/api/signin`, { method: 'POST', body, headers: { ...behind, origin: 'https://inmobiliaria.example' } });
      expect(ok.status).toBe(200);
      const downgraded = await fetch(`${proxied.url}/api/signin`, { method: 'POST', body, headers: { ...behind, origin: 'http://inmobiliaria.example' } });
      expect(downgraded.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('response headers', () => {
  it('marks every /api and /db answer no-store, errors included', async () => {
    const answers = [
      await gw.client().json('GET', '/api/check-auth'),
      await gw.client().json('GET', '/api/no-existe'),
      await admin.client.json('GET', '/api/check-auth'),
      await admin.client.json('GET', '/db/'),
      await admin.client.json('GET', '/db/captaciones'),
      await gw.client().json('GET', '/db/captaciones'),
      await raw('/db/captaciones/_bulk_docs', { body: '{', headers: { 'content-type': 'application/json' } }),
    ];
    for (const r of answers) expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('sends HSTS only behind TRUST_PROXY', async () => {
    expect((await gw.client().json('GET', '/api/check-auth')).headers.get('strict-transport-security')).toBeNull();
    const proxied = await startGateway({ trustProxy: true });
    try {
      const r = await proxied.client().json('GET', '/api/check-auth');
      expect(r.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});
