import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { ids, localDb, openOnline, payslip, pullInto, remoteDb, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * What a curious or hostile client tries against the replication endpoint. Whatever it sends,
 * it gets nothing outside its scope and writes nothing it may not write.
 */
const gw = gatewayForFile();
let admin: Person, supervisor: Person, agente: Person, sinEmpleado: Person;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });
let foreignRev: string;

beforeAll(async () => {
  admin = await signedIn(gw, 'admin', 'emp-admin');
  supervisor = await signedIn(gw, 'supervisor', 'emp-sup');
  agente = await signedIn(gw, 'user', 'emp-agente');
  sinEmpleado = await signedIn(gw, 'asesor');
  await seed(gw.store, 'captaciones', [cap('propia-1', supervisor.id), cap('ajena-1', agente.id), cap('ajena-2', admin.id)]);
  await seed(gw.store, 'nominas', [payslip('emp-sup', 1), payslip('emp-agente', 1), payslip('emp-admin', 1)]);
  const db = await gw.store.db('captaciones');
  foreignRev = (await db.get('ajena-1'))._rev as string;
  await db.putAttachment('ajena-1', 'foto.png', foreignRev, Buffer.from('89504e47', 'hex'), 'image/png');
  foreignRev = (await db.get('ajena-1'))._rev as string;
  // The agent reads every captación and opened the admin's online: it is on their device too (issue 34).
  await openOnline(gw, agente, ['ajena-2']);
});

const changeIds = (body: { results: Array<{ id: string }> }) => body.results.map((r) => r.id).sort();

describe('reading outside the scope', () => {
  it('a custom selector only narrows the server scope, never widens it', async () => {
    const c = supervisor.client;
    const wide = await c.json('POST', '/db/captaciones/_changes?filter=_selector', { selector: { type: 'captacion' } });
    expect(wide.status).toBe(200);
    expect(changeIds(wide.body)).toEqual(['propia-1']);
    const other = await c.json('POST', '/db/captaciones/_changes?filter=_selector&include_docs=true', { selector: { 'captacion.asesor': agente.id } });
    expect(other.body.results).toEqual([]);
    const or = await c.json('POST', '/db/captaciones/_changes?filter=_selector', { selector: { $or: [{ _id: 'ajena-1' }, { _id: 'propia-1' }] } });
    expect(changeIds(or.body)).toEqual(['propia-1']);
    const nested = await c.json('POST', '/db/captaciones/_changes?filter=_selector', { selector: { $and: [{ 'captacion.asesor': { $ne: 'x' } }, { 'captacion.asesor': agente.id }] } });
    expect(nested.body.results).toEqual([]);
    const payroll = await sinEmpleado.client.json('POST', '/db/nominas/_changes?filter=_selector', { selector: { type: 'nomina' } });
    expect(payroll.body.results).toEqual([]);
  });

  it('a PouchDB replication with a selector gets only the intersection', async () => {
    const local = localDb();
    await local.replicate.from(remoteDb(gw.url, 'captaciones', supervisor.cookie), { selector: { type: 'captacion' } });
    expect(await ids(local)).toEqual(['propia-1']);
  });

  it('design-document filters, views and unknown filters are refused with 400', async () => {
    for (const filter of ['app/todos', '_view', '_design', 'x']) {
      const r = await supervisor.client.json('GET', `/db/captaciones/_changes?filter=${encodeURIComponent(filter)}&view=app/v`);
      expect(r.status, filter).toBe(400);
      expect(r.body.error).toBe('bad_request');
      expect(typeof r.body.reason).toBe('string');
    }
  });

  it('doc_ids of foreign documents return nothing', async () => {
    const post = await supervisor.client.json('POST', '/db/captaciones/_changes?filter=_doc_ids&include_docs=true', { doc_ids: ['ajena-1', 'ajena-2', 'propia-1'] });
    expect(changeIds(post.body)).toEqual(['propia-1']);
    const get = await supervisor.client.json('GET', `/db/captaciones/_changes?filter=_doc_ids&doc_ids=${encodeURIComponent(JSON.stringify(['ajena-1']))}`);
    expect(get.body.results).toEqual([]);
    const nominas = await supervisor.client.json('POST', '/db/nominas/_changes?filter=_doc_ids', { doc_ids: ['nomina-emp-agente-1'] });
    expect(nominas.body.results).toEqual([]);
    // Someone who reads every captación gets exactly the ids asked for of their device set, never a design document.
    const whole = await agente.client.json('POST', '/db/captaciones/_changes?filter=_doc_ids', { doc_ids: ['ajena-2', '_design/validation', 'no-existe'] });
    expect(changeIds(whole.body)).toEqual(['ajena-2']);
  });

  it('_bulk_get of foreign ids answers not_found/missing', async () => {
    const r = await supervisor.client.json('POST', '/db/captaciones/_bulk_get?revs=true', {
      docs: [{ id: 'ajena-1', rev: foreignRev }, { id: 'ajena-2' }, { id: 'propia-1' }, { id: '_design/validation' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toEqual({ id: 'ajena-1', docs: [{ error: { id: 'ajena-1', rev: foreignRev, error: 'not_found', reason: 'missing' } }] });
    expect(r.body.results[1].docs[0].error).toMatchObject({ id: 'ajena-2', error: 'not_found', reason: 'missing' });
    expect(r.body.results[2].docs[0].ok._id).toBe('propia-1');
    expect(r.body.results[3].docs[0].error).toMatchObject({ error: 'not_found' });
    const n = await agente.client.json('POST', '/db/nominas/_bulk_get', { docs: [{ id: 'nomina-emp-sup-1' }, { id: 'nomina-emp-agente-1' }] });
    expect(n.body.results[0].docs[0].error).toMatchObject({ error: 'not_found', reason: 'missing' });
    expect(n.body.results[1].docs[0].ok.empleadoId).toBe('emp-agente');
  });

  it('GET of a foreign document, with or without open_revs, is 404 like a missing one', async () => {
    const c = supervisor.client;
    for (const path of [
      '/db/captaciones/ajena-1',
      `/db/captaciones/ajena-1?rev=${foreignRev}`,
      '/db/captaciones/ajena-1?open_revs=all&revs=true',
      '/db/captaciones/no-existe',
      '/db/nominas/nomina-emp-agente-1',
    ]) {
      const r = await c.json('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.error).toBe('not_found');
    }
    const listed = await c.json('GET', `/db/captaciones/ajena-1?open_revs=${encodeURIComponent(JSON.stringify([foreignRev]))}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ missing: foreignRev }]);
    const own = await c.json('GET', '/db/captaciones/propia-1?open_revs=all&revs=true&latest=true');
    expect(own.status).toBe(200);
    expect(own.body[0].ok._revisions.start).toBe(1);
  });

  it('_all_docs, _find, _design, views, attachments and other endpoints answer 403', async () => {
    const c = supervisor.client;
    const cases: Array<[string, string, unknown?]> = [
      ['GET', '/db/captaciones/_all_docs?include_docs=true'],
      ['POST', '/db/captaciones/_all_docs', { keys: ['ajena-1'] }],
      ['POST', '/db/captaciones/_find', { selector: { type: 'captacion' } }],
      ['POST', '/db/captaciones/_explain', { selector: {} }],
      ['GET', '/db/captaciones/_index'],
      ['GET', '/db/captaciones/_design/validation'],
      ['GET', '/db/captaciones/_design%2Fvalidation'],
      ['GET', '/db/captaciones/_design/app/_view/todas'],
      ['GET', '/db/captaciones/ajena-1/foto.png'],
      ['GET', '/db/captaciones/propia-1/foto.png'],
      ['PUT', '/db/captaciones/ajena-1/foto.png', {}],
      ['PUT', '/db/captaciones/ajena-1/foto.png?rev=1-a', 'no es JSON'],
      ['POST', '/db/captaciones/_compact', {}],
      ['GET', '/db/captaciones/_security'],
      ['POST', '/db/captaciones/_purge', {}],
      ['PUT', '/db/captaciones/propia-1', cap('propia-1', supervisor.id)],
      ['DELETE', '/db/captaciones/propia-1'],
      ['POST', '/db/captaciones', cap('nueva', supervisor.id)],
      ['PUT', '/db/captaciones', {}],
      ['DELETE', '/db/captaciones'],
      ['GET', '/db/_all_dbs'],
      ['GET', '/db/_users'],
      ['DELETE', '/db/captaciones/_local/x'],
    ];
    for (const [method, path, body] of cases) {
      const r = await c.json(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.error, path).toBe('forbidden');
      expect(typeof r.body.reason).toBe('string');
    }
  });

  it('unknown database names answer 404 not_found', async () => {
    for (const path of ['/db/usuarios', '/db/sesiones/_changes', '/db/empleados/_all_docs', '/db/otra']) {
      const r = await admin.client.json('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.error).toBe('not_found');
    }
  });

  it('_revs_diff does not reveal which foreign revisions exist', async () => {
    const r = await supervisor.client.json('POST', '/db/captaciones/_revs_diff', { 'ajena-1': [foreignRev], 'propia-1': ['1-abc'] });
    expect(r.body['ajena-1']).toEqual({ missing: [foreignRev] });
    expect(r.body['propia-1'].missing).toEqual(['1-abc']);
  });

  it('checkpoints are per person: another person cannot read or overwrite them', async () => {
    const put = await supervisor.client.json('PUT', '/db/captaciones/_local/punto', { last_seq: '7', history: [] });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ ok: true, id: '_local/punto' });
    const mine = await supervisor.client.json('GET', '/db/captaciones/_local/punto');
    expect(mine.body).toMatchObject({ _id: '_local/punto', last_seq: '7' });
    const theirs = await agente.client.json('GET', '/db/captaciones/_local/punto');
    expect(theirs.status).toBe(404);
    const over = await agente.client.json('PUT', '/db/captaciones/_local/punto', { last_seq: '999' });
    expect(over.status).toBe(201);
    expect((await supervisor.client.json('GET', '/db/captaciones/_local/punto')).body.last_seq).toBe('7');
  });
});

describe('writing outside the rights', () => {
  it('a supervisor (read only) cannot push captaciones, and the replication reports them denied', async () => {
    const local = localDb();
    await local.put({ ...cap('de-supervisor', supervisor.id) });
    const denied: unknown[] = [];
    const rep = local.replicate.to(remoteDb(gw.url, 'captaciones', supervisor.cookie));
    rep.on('denied', (e) => denied.push(e));
    const res = await rep;
    expect(res.doc_write_failures).toBe(1);
    expect(denied).toHaveLength(1);
    await expect((await gw.store.db('captaciones')).get('de-supervisor')).rejects.toMatchObject({ status: 404 });
  });

  it('nobody pushes payslips through replication, admins included', async () => {
    for (const p of [admin, agente]) {
      const r = await p.client.json('POST', '/db/nominas/_bulk_docs', { docs: [payslip(p === admin ? 'emp-admin' : 'emp-agente', 9)] });
      expect(r.status).toBe(201);
      expect(r.body[0]).toMatchObject({ error: 'forbidden' });
      expect(r.body[0].reason).toMatch(/nóminas/);
    }
    const local = localDb();
    await local.put({ ...payslip('emp-admin', 8) } as PouchDB.Core.PutDocument<Record<string, unknown>>);
    const res = await local.replicate.to(remoteDb(gw.url, 'nominas', admin.cookie));
    expect(res.doc_write_failures).toBe(1);
    await expect((await gw.store.db('nominas')).get('nomina-emp-admin-8')).rejects.toMatchObject({ status: 404 });
  });

  it('a non-admin cannot delete, even their own captación', async () => {
    const local = await pullInto(gw, agente, 'captaciones');
    const doc = await local.get('ajena-1');
    await local.remove(doc);
    const res = await local.replicate.to(remoteDb(gw.url, 'captaciones', agente.cookie));
    expect(res.doc_write_failures).toBe(1);
    const stored = await (await gw.store.db('captaciones')).get('ajena-1');
    expect(stored._deleted).toBeUndefined();
  });

  it('a non-admin editor may remove the losing branch of a conflict, and only that', async () => {
    const db = await gw.store.db('captaciones');
    const base = await db.get('ajena-2');
    const [gen] = String(base._rev).split('-');
    const next = Number(gen) + 1;
    // Two devices edited the same revision offline: two branches, one wins.
    await db.bulkDocs([
      { ...base, _rev: `${next}-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`, _revisions: { start: next, ids: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', String(base._rev).split('-')[1]] } },
      { ...base, _rev: `${next}-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb`, _revisions: { start: next, ids: ['bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', String(base._rev).split('-')[1]] } },
    ], { new_edits: false });
    const local = await pullInto(gw, agente, 'captaciones');
    const winner = await local.get('ajena-2', { conflicts: true });
    expect(winner._conflicts).toHaveLength(1);
    await local.remove('ajena-2', winner._conflicts![0]);
    const res = await local.replicate.to(remoteDb(gw.url, 'captaciones', agente.cookie));
    expect(res.doc_write_failures).toBe(0);
    const stored = await db.get('ajena-2', { conflicts: true });
    expect(stored._deleted).toBeUndefined();
    expect(stored._conflicts ?? []).toEqual([]);
    // The winner itself stays out of reach.
    await local.remove(await local.get('ajena-2'));
    expect((await local.replicate.to(remoteDb(gw.url, 'captaciones', agente.cookie))).doc_write_failures).toBe(1);
    expect((await db.get('ajena-2'))._deleted).toBeUndefined();
  });

  it('a non-admin cannot reassign a captación nor create one for someone else', async () => {
    const c = agente.client;
    const stored = await (await gw.store.db('captaciones')).get('ajena-1');
    const reassign = await c.json('POST', '/db/captaciones/_bulk_docs', { docs: [{ ...stored, captacion: { ...(stored.captacion as object), asesor: 'otra-persona' } }] });
    expect(reassign.body[0]).toMatchObject({ error: 'forbidden', reason: 'Solo un administrador puede reasignar el asesor de una captación.' });
    const forOther = await c.json('POST', '/db/captaciones/_bulk_docs', { docs: [cap('para-otro', admin.id)] });
    expect(forOther.body[0]).toMatchObject({ error: 'forbidden', reason: 'No puede registrar captaciones a nombre de otra persona.' });
    expect((await (await gw.store.db('captaciones')).get('ajena-1')).captacion).toMatchObject({ asesor: agente.id });
  });

  it('design and local documents cannot be pushed', async () => {
    const r = await admin.client.json('POST', '/db/captaciones/_bulk_docs', {
      docs: [{ _id: '_design/malo', validate_doc_update: 'function(){}' }, { _id: '_local/x', a: 1 }],
    });
    expect(r.body.map((x: { error: string }) => x.error)).toEqual(['forbidden', 'forbidden']);
    await expect((await gw.store.db('captaciones')).get('_design/malo')).rejects.toMatchObject({ status: 404 });
  });

  it('invalid captaciones and documents without type are refused per document, the rest stored', async () => {
    const bad = cap('invalida', agente.id);
    bad.propietario = { ...bad.propietario, telefono: '123' };
    const sinTipo: Record<string, unknown> = { ...cap('sin-tipo', agente.id) };
    delete sinTipo.type;
    const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', { docs: [bad, sinTipo, cap('buena', agente.id)] });
    expect(r.status).toBe(201);
    expect(r.body[0].error).toBe('forbidden');
    expect(r.body[0].reason).toContain('propietario.telefono: El teléfono debe contener exactamente 10 dígitos numéricos');
    expect(r.body[1]).toMatchObject({ id: 'sin-tipo', error: 'forbidden' });
    expect(r.body[2]).toMatchObject({ ok: true, id: 'buena' });
    const db = await gw.store.db('captaciones');
    await expect(db.get('invalida')).rejects.toMatchObject({ status: 404 });
    await expect(db.get('sin-tipo')).rejects.toMatchObject({ status: 404 });
  });
});

describe('bad input', () => {
  it('malformed JSON answers 400 bad_request and stores nothing', async () => {
    const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', '{"docs": [');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('bad_request');
  });

  it('a wrong since answers 400', async () => {
    const r = await agente.client.json('GET', '/db/captaciones/_changes?since=ayer');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('bad_request');
  });

  it('wrongly shaped bodies and parameters answer 400', async () => {
    const c = agente.client;
    expect((await c.json('POST', '/db/captaciones/_bulk_docs', { docs: 'x' })).status).toBe(400);
    expect((await c.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 5 }] })).status).toBe(400);
    expect((await c.json('POST', '/db/captaciones/_revs_diff', { a: 'x' })).status).toBe(400);
    expect((await c.json('GET', '/db/captaciones/_changes?limit=-1')).status).toBe(400);
    expect((await c.json('GET', '/db/captaciones/_changes?feed=continuous')).status).toBe(400);
    expect((await c.json('POST', '/db/captaciones/_changes?filter=_selector', { selector: 'x' })).status).toBe(400);
    expect((await c.json('POST', '/db/captaciones/_changes?filter=_selector', { selector: { a: { $regex: '(a+)+$' } } })).status).toBe(400);
    expect((await c.json('GET', '/db/captaciones/x?open_revs=[1')).status).toBe(400);
  });

  it('a huge _bulk_docs answers 413 too_large, and the gateway keeps serving', async () => {
    const docs = Array.from({ length: 5000 }, (_, i) => cap(`enorme-${i}`, agente.id));
    const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', { docs });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('too_large');
    await expect((await gw.store.db('captaciones')).get('enorme-0')).rejects.toMatchObject({ status: 404 });
    expect((await agente.client.json('GET', '/db/captaciones')).status).toBe(200);
  });
});
