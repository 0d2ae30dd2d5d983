import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { localDb, openOnline, pullInto, remoteDb, signedIn, type Person } from '../testing/pouch-client';

/**
 * Replication accepts only what REST accepts (the shared write policy), refuses each bad document
 * in place with a Spanish reason while the rest of the batch is stored, and no input makes it
 * answer 5xx, which would block a device's whole push for good.
 */
const gw = gatewayForFile();
let agente: Person, admin: Person;
type Doc = Record<string, any>;

beforeAll(async () => {
  agente = await signedIn(gw, 'user');
  admin = await signedIn(gw, 'Administrador');
});

const cap = (id: string): Doc => ({ ...sampleCaptacion(), _id: id });
let revN = 0;
/** The revision as PouchDB replicates a new document: `new_edits:false`, its own id and path. */
function replicated(doc: Doc): Doc {
  const hash = (++revN).toString(16).padStart(32, 'a');
  return { ...doc, _rev: `1-${hash}`, _revisions: { start: 1, ids: [hash] } };
}
const stored = async (id: string) => (await gw.store.db('captaciones')).get(id).catch((e: { status: number }) => e.status);

describe('bad documents are refused one by one, the rest of the batch is stored', () => {
  const bad: Array<[string, Doc, RegExp]> = [
    ['of 9 MB', { ...cap('grande'), captacion: { ...cap('x').captacion, observaciones: 'x'.repeat(9 * 1024 * 1024) } }, /tamaño máximo de 1 MB/],
    ['with 20,000 debts', { ...cap('deudas'), propiedad: { ...cap('x').propiedad, adeudos: Array.from({ length: 20_000 }, () => ({ tipo: 'Agua', monto: 1 })) } }, /tamaño máximo de 1 MB|como máximo 100 adeudos/],
    ['with 101 debts', { ...cap('deudas-101'), propiedad: { ...cap('x').propiedad, adeudos: Array.from({ length: 101 }, () => cap('x').propiedad.adeudos[0]) } }, /Se permiten como máximo 100 adeudos/],
    ['with a forged password_hash', { ...cap('hash'), password_hash: '$2b$10$robado' }, /campos no permitidos o sin normalizar: password_hash/],
    ['with an object where text belongs', { ...cap('objeto'), propietario: { ...cap('x').propietario, nombre: { $ne: null } } }, /propietario\.nombre: El formato de los datos no es válido/],
    ['with a list where text belongs', { ...cap('lista'), tipo_tramite: ['Contado'] }, /tipo_tramite: El formato de los datos no es válido/],
    ['with an invalid date', { ...cap('fecha'), captacion: { ...cap('x').captacion, fecha: '2025-13-45T99:00:00Z' } }, /captacion\.fecha: La fecha no es válida/],
  ];

  for (const [what, doc, reason] of bad) {
    it(what, async () => {
      const good = replicated(cap(`buena-junto-a-${doc._id}`));
      const pushed = replicated(doc);
      const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', { new_edits: false, docs: [pushed, good] });
      expect(r.status).toBe(201);
      expect(r.body).toHaveLength(1);
      expect(r.body[0]).toMatchObject({ id: doc._id, rev: pushed._rev, error: 'forbidden' });
      expect(r.body[0].reason).toMatch(reason);
      expect(await stored(doc._id)).toBe(404);
      expect((await stored(good._id)) as Doc).toMatchObject({ _rev: good._rev });
    });
  }

  it('a replicating device is told which were refused and keeps syncing the others', async () => {
    const local = localDb();
    await local.bulkDocs([
      { ...cap('rep-hash'), password_hash: 'x' },
      { ...cap('rep-objeto'), captacion: { ...cap('x').captacion, observaciones: { a: 1 } } },
      cap('rep-buena'),
    ]);
    const denied: Doc[] = [];
    const rep = local.replicate.to(remoteDb(gw.url, 'captaciones', agente.cookie));
    rep.on('denied', (e) => denied.push(e));
    const res = await rep;
    expect(res.doc_write_failures).toBe(2);
    expect(denied.map((d) => d.id).sort()).toEqual(['rep-hash', 'rep-objeto']);
    // The admin opens both online (they are then on the admin's device, issue 34): only the good one exists.
    expect(await openOnline(gw, admin, ['rep-buena', 'rep-hash'])).toEqual([200, 404]);
    const other = await pullInto(gw, admin, 'captaciones');
    expect((await other.allDocs()).rows.map((r) => r.id)).toContain('rep-buena');
    await expect(other.get('rep-hash')).rejects.toMatchObject({ status: 404 });
  });
});

describe('no input makes a write answer 5xx', () => {
  const IDS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', '__defineGetter__', 'prototype'];

  it('ids named like JavaScript object members: a valid captación is stored, anything else refused in place', async () => {
    for (const newEdits of [true, false]) {
      const docs = IDS.flatMap((id) => {
        const valid = cap(newEdits ? id : `${id}-replicada`);
        const invalid = { _id: id, nada: 1 };
        return newEdits ? [valid, invalid] : [replicated(valid), replicated(invalid)];
      });
      const r = await admin.client.json('POST', '/db/captaciones/_bulk_docs', { docs, new_edits: newEdits });
      expect(r.status).toBe(201);
      for (const result of r.body as Doc[]) {
        expect(result.error === undefined ? result.ok : result.error).toBeTruthy();
        if (result.error) expect(['forbidden', 'conflict']).toContain(result.error);
      }
      const refused = (r.body as Doc[]).filter((x) => x.error === 'forbidden').map((x) => x.id);
      expect(refused).toContain('__proto__');
    }
    expect(((await stored('constructor')) as Doc).type).toBe('captacion');
    expect(await stored('__proto__')).toBe(404);
  });

  it('a __proto__ key inside a pushed document is refused (the request, or the document in place)', async () => {
    const top = `{"new_edits":false,"docs":[${JSON.stringify(replicated(cap('proto-dentro'))).replace('{', '{"__proto__":{"role":"Administrador"},')}]}`;
    const nested = `{"docs":[${JSON.stringify(cap('proto-anidado')).replace('"propietario":{', '"propietario":{"__proto__":{"x":1},')}]}`;
    for (const [body, id] of [[top, 'proto-dentro'], [nested, 'proto-anidado']]) {
      const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', body);
      expect([201, 400]).toContain(r.status);
      if (r.status === 201) expect(r.body[0]).toMatchObject({ id, error: 'forbidden' });
      else expect(r.body).toMatchObject({ error: 'bad_request', reason: expect.any(String) });
      expect(await stored(id)).toBe(404);
    }
  });

  it('malformed revisions answer 400, documents nested very deep are refused, never 500', async () => {
    const broken = { ...cap('ruta-rota'), _rev: '2-abc', _revisions: { start: 2, ids: [{ a: 1 }] } };
    expect((await agente.client.json('POST', '/db/captaciones/_bulk_docs', { new_edits: false, docs: [broken] })).status).toBe(400);
    expect((await agente.client.json('POST', '/db/captaciones/_bulk_docs', { docs: [{ ...cap('rev-rota'), _rev: { a: 1 } }] })).status).toBe(400);
    const deep = `{"docs":[{"_id":"profunda","type":"captacion","propietario":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}]}`;
    const r = await agente.client.json('POST', '/db/captaciones/_bulk_docs', deep);
    expect(r.status).toBeLessThan(500);
    if (r.status === 201) expect(r.body[0]).toMatchObject({ id: 'profunda', error: 'forbidden' });
    expect(await stored('profunda')).toBe(404);
  });
});
