import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { sampleFotoDoc } from '../../../couch-design/fotos/fixtures';
import { DEVICE_SET_FORGET_PATH, DEVICE_SET_PATH, DEVICE_SET_TEXT, FORGET_TEXT, MAX_FORGET_IDS, pinPath } from '../../../couch-design/captacion/device-set';
import { BadSetting, configFromEnv } from '../config';
import { startGateway, type TestGateway } from '../testing/gateway';
import { ids, pullInto, remoteDb, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * Issue 34 item 1: a device replicates the person's device set, not their whole read scope: the
 * captaciones they advise, opened or edited lately, or pinned; their photos follow them. The set
 * is fingerprinted in `GET /db/` and enforced on every replicated read.
 */
let gw: TestGateway;
let admin: Person, asesor: Person, otro: Person, supervisor: Person;
const DAY = 24 * 60 * 60 * 1000;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });
type Doc = Record<string, any>;

const welcome = async (p: Person) => (await p.client.json('GET', '/db/')).body as { uuid: string; scope: string; set: string };
const setOf = async (p: Person) => (await p.client.json('GET', DEVICE_SET_PATH)).body as { ids: string[]; fijadas: string[] };

beforeAll(async () => {
  gw = await startGateway({ wholeScopeOnDevices: false, deviceRecentDays: 10 });
  admin = await signedIn(gw, 'administrator');
  asesor = await signedIn(gw, 'asesor');
  otro = await signedIn(gw, 'asesor');
  supervisor = await signedIn(gw, 'supervisor');
  await seed(gw.store, 'captaciones', [
    cap('propia', asesor.id),
    cap('ajena', otro.id),
    cap('abierta', otro.id),
    cap('fijada', otro.id),
    cap('editada', otro.id),
    cap('vieja', otro.id),
    cap('sup-1', supervisor.id),
    cap('sup-2', supervisor.id),
  ]);
  await seed(gw.store, 'fotos', [sampleFotoDoc('propia', 'u1'), sampleFotoDoc('ajena', 'u1')]);
  // Opened long ago, beyond DISPOSITIVO_DIAS_RECIENTES: no longer on the device.
  await seed(gw.store, 'conjuntos', [{ _id: `conjunto:${asesor.id}`, type: 'conjunto', usuario: asesor.id, fijadas: [], recientes: { vieja: new Date(Date.now() - 11 * DAY).toISOString() } }]);
});

afterAll(async () => {
  await gw?.close();
});

describe('the device set', () => {
  it('holds what the person advises, opened, edited and pinned, and a device pulls exactly that', async () => {
    expect((await setOf(asesor)).ids).toEqual(['propia']);
    const before = await welcome(asesor);

    // Opened online (the REST detail), edited through REST, pinned.
    expect((await asesor.client.json('GET', '/api/captaciones/abierta')).status).toBe(200);
    const stored = (await (await gw.store.db('captaciones')).get('editada')) as Doc;
    const edit = await asesor.client.json('PUT', '/api/captaciones/editada', { ...stored, estatus_actual: 'En revisión' });
    expect(edit.status).toBe(200);
    const pin = await asesor.client.json('PUT', pinPath('fijada'));
    expect(pin.status).toBe(200);
    expect(pin.body).toEqual({ success: true, mensaje: DEVICE_SET_TEXT.fijada, fijada: true });

    expect(await setOf(asesor)).toEqual({ success: true, ids: ['abierta', 'editada', 'fijada', 'propia'], fijadas: ['fijada'], asesoradas: ['propia'] });
    const after = await welcome(asesor);
    // Same read scope, another set: another replication identity.
    expect(after.scope).toBe(before.scope);
    expect(after.set).not.toBe(before.set);
    expect(after.uuid).not.toBe(before.uuid);

    expect(await ids(await pullInto(gw, asesor, 'captaciones'))).toEqual(['abierta', 'editada', 'fijada', 'propia']);
    // Thumbnails of the set only.
    expect(await ids(await pullInto(gw, asesor, 'fotos'))).toEqual(['foto:propia:u1']);
  });

  it('an edit pushed from a device keeps the captación in the set', async () => {
    const device = await pullInto(gw, admin, 'captaciones');
    expect(await ids(device)).toEqual([]);
    // The admin reads every captación: an edit of one they never held goes up from a device.
    const doc = (await (await gw.store.db('captaciones')).get('ajena')) as Doc;
    const res = await remoteDb(gw.url, 'captaciones', admin.cookie).bulkDocs([{ ...doc, estatus_actual: 'Vendida' }]);
    expect(res[0]).toMatchObject({ ok: true });
    await expect.poll(async () => (await setOf(admin)).ids).toEqual(['ajena']);
    expect(await ids(await pullInto(gw, admin, 'captaciones'))).toEqual(['ajena']);
  });

  it('is enforced on every replicated read: _changes, _bulk_get, open_revs, GET, photos; _all_docs stays refused', async () => {
    const c = asesor.client;
    const feed = await c.json('POST', '/db/captaciones/_changes?filter=_doc_ids', { doc_ids: ['ajena', 'propia'] });
    expect(feed.body.results.map((r: Doc) => r.id)).toEqual(['propia']);
    const bulk = await c.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'ajena' }, { id: 'propia' }] });
    expect(bulk.body.results[0].docs[0].error).toMatchObject({ error: 'not_found' });
    expect(bulk.body.results[1].docs[0].ok._id).toBe('propia');
    expect((await c.json('GET', '/db/captaciones/ajena')).status).toBe(404);
    expect((await c.json('GET', '/db/captaciones/propia')).status).toBe(200);
    const revs = await c.json('GET', '/db/captaciones/ajena?open_revs=all');
    expect(JSON.stringify(revs.body)).not.toContain('"ok"');
    expect((await c.json('GET', '/db/fotos/foto:ajena:u1')).status).toBe(404);
    expect((await c.json('GET', '/db/fotos/foto:propia:u1')).status).toBe(200);
    expect((await c.json('GET', '/db/captaciones/_all_docs')).status).toBe(403);
  });

  it('unpinning takes the captación out of the set; pinning asks for the right to read it', async () => {
    const del = await asesor.client.json('DELETE', pinPath('fijada'));
    expect(del.body).toEqual({ success: true, mensaje: DEVICE_SET_TEXT.soltada, fijada: false });
    expect((await setOf(asesor)).ids).not.toContain('fijada');
    expect((await setOf(asesor)).fijadas).toEqual([]);

    // A supervisor reads only what they advise: another's captación is not theirs to pin.
    const refused = await supervisor.client.json('PUT', pinPath('ajena'));
    expect(refused.status).toBe(404);
    expect(refused.body.message ?? refused.body.mensaje).toBeTruthy();
    expect((await setOf(supervisor)).ids).toEqual(['sup-1', 'sup-2']);
    expect((await asesor.client.json('PUT', pinPath('no-existe'))).status).toBe(404);
    expect((await gw.client().json('PUT', pinPath('propia'))).status).toBe(401);
  });

  it('forgets the opened and edited marks of what a device dropped for space, never a pin, and checks who asks and what', async () => {
    const p = await signedIn(gw, 'asesor');
    for (const id of ['abierta', 'ajena', 'editada']) expect((await p.client.json('GET', `/api/captaciones/${id}`)).status).toBe(200);
    expect((await p.client.json('PUT', pinPath('editada'))).status).toBe(200);
    expect((await setOf(p)).ids).toEqual(['abierta', 'ajena', 'editada']);
    const before = await welcome(p);

    // 'propia' and 'no-existe' were never marks of theirs: nothing to forget.
    const res = await p.client.json('POST', DEVICE_SET_FORGET_PATH, { ids: ['abierta', 'editada', 'propia', 'no-existe'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, mensaje: FORGET_TEXT.olvidadas, olvidadas: 2 });
    // 'editada' stays: pinned. 'abierta' left the set, and a fresh pull no longer brings it.
    expect(await setOf(p)).toMatchObject({ ids: ['ajena', 'editada'], fijadas: ['editada'] });
    expect((await welcome(p)).set).not.toBe(before.set);
    expect(await ids(await pullInto(gw, p, 'captaciones'))).toEqual(['ajena', 'editada']);
    // Only their own marks: another person who opened it keeps it.
    expect((await setOf(asesor)).ids).toContain('abierta');

    for (const [body, mensaje] of [
      [{}, FORGET_TEXT.idsRequeridos],
      [{ ids: [] }, FORGET_TEXT.idsRequeridos],
      [{ ids: 'abierta' }, FORGET_TEXT.idsRequeridos],
      [{ ids: [7] }, FORGET_TEXT.idNoValido],
      [{ ids: [''] }, FORGET_TEXT.idNoValido],
      [{ ids: ['x'.repeat(201)] }, FORGET_TEXT.idNoValido],
      [{ ids: Array.from({ length: MAX_FORGET_IDS + 1 }, (_, i) => `c${i}`) }, FORGET_TEXT.idsDemasiados],
    ] as const) {
      const bad = await p.client.json('POST', DEVICE_SET_FORGET_PATH, body);
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(bad.body.mensaje).toBe(mensaje);
    }
    expect((await gw.client().json('POST', DEVICE_SET_FORGET_PATH, { ids: ['ajena'] })).status).toBe(401);
    expect((await setOf(p)).ids).toEqual(['ajena', 'editada']);
  });

  it('a reassignment moves a captación out of the supervisor’s set and off a fresh pull', async () => {
    const before = await welcome(supervisor);
    expect(await ids(await pullInto(gw, supervisor, 'captaciones'))).toEqual(['sup-1', 'sup-2']);
    const stored = (await (await gw.store.db('captaciones')).get('sup-1')) as Doc;
    const moved = await admin.client.json('PUT', '/api/captaciones/sup-1', { ...stored, captacion: { ...stored.captacion, asesor: otro.id } });
    expect(moved.status).toBe(200);
    expect((await setOf(supervisor)).ids).toEqual(['sup-2']);
    const after = await welcome(supervisor);
    expect(after.set).not.toBe(before.set);
    expect(after.uuid).not.toBe(before.uuid);
    expect(await ids(await pullInto(gw, supervisor, 'captaciones'))).toEqual(['sup-2']);
    // The new adviser's set has it.
    expect((await setOf(otro)).ids).toContain('sup-1');
  });
});

describe('DISPOSITIVO_DIAS_RECIENTES', () => {
  it('defaults to 30 days and refuses anything but a whole number of days, in one Spanish line', () => {
    expect(configFromEnv({}).deviceRecentDays).toBe(30);
    expect(configFromEnv({ DISPOSITIVO_DIAS_RECIENTES: '7' }).deviceRecentDays).toBe(7);
    for (const bad of ['0', 'treinta', '-3', '400', '']) {
      expect(() => configFromEnv({ DISPOSITIVO_DIAS_RECIENTES: bad })).toThrow(BadSetting);
    }
    expect(() => configFromEnv({ DISPOSITIVO_DIAS_RECIENTES: 'treinta' })).toThrow(/DISPOSITIVO_DIAS_RECIENTES="treinta" no es válido: se espera un número entero de 1 a 365/);
  });
});

describe('DISPOSITIVO_ESPACIO_MB', () => {
  it('defaults to 200 MB and refuses anything but a whole number of megabytes, in one Spanish line', () => {
    expect(configFromEnv({}).deviceBudgetMb).toBe(200);
    expect(configFromEnv({ DISPOSITIVO_ESPACIO_MB: '500' }).deviceBudgetMb).toBe(500);
    for (const bad of ['0', '9', 'doscientos', '-3', '1.5', '']) {
      expect(() => configFromEnv({ DISPOSITIVO_ESPACIO_MB: bad })).toThrow(BadSetting);
    }
    expect(() => configFromEnv({ DISPOSITIVO_ESPACIO_MB: '200MB' })).toThrow(/^DISPOSITIVO_ESPACIO_MB="200MB" no es válido: se espera un número entero de 10 a 1000000 \(p\. ej\. DISPOSITIVO_ESPACIO_MB=200\)\.$/);
  });
});
