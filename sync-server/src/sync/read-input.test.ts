import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { openOnline, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * Whatever a signed-in client sends to the read side of the replication endpoint, the answer is
 * a 4xx in CouchDB's `{error, reason}` shape with a Spanish reason, never a 5xx: a 500 fails the
 * device's whole batch, and a stack overflow or a prototype key must not take the gateway down.
 */
const gw = gatewayForFile();
let supervisor: Person, agente: Person;

const deep = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};
/** Built as text: a JSON.stringify of 10,000 levels is what the attacker would send anyway. */
const deepText = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

beforeAll(async () => {
  supervisor = await signedIn(gw, 'supervisor', 'emp-sup');
  agente = await signedIn(gw, 'user', 'emp-agente');
  await seed(gw.store, 'captaciones', [{ ...sampleCaptacion({ captacion: { asesor: supervisor.id } }), _id: 'propia-1' }]);
  // The agent reads every captación and opened this one online: it is on their device too (issue 34).
  await openOnline(gw, agente, ['propia-1']);
});

function expectRefusal(r: { status: number; body: { error?: unknown; reason?: unknown } }, what: string): void {
  expect(r.status, `${what}: ${JSON.stringify(r.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, what).toBeLessThan(500);
  expect(typeof r.body.error, what).toBe('string');
  expect(r.body.reason, what).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*[.]$/);
}

describe('deeply nested JSON', () => {
  it('a _changes selector nested 10,000 levels, in the query or the body, is refused with 4xx', async () => {
    for (const p of [supervisor, agente]) {
      // A URL holds 16 KB: 7,000 levels of bare brackets is as deep as a query string gets.
      const q = `{"a":{"$in":${'['.repeat(7_000)}${']'.repeat(7_000)}}}`;
      expectRefusal(await p.client.json('GET', `/db/captaciones/_changes?filter=_selector&selector=${q}`), 'GET selector');
      expectRefusal(await p.client.json('POST', '/db/captaciones/_changes?filter=_selector', `{"selector":${deepText(10_000)}}`), 'POST selector');
      expectRefusal(await p.client.json('POST', '/db/captaciones/_changes?filter=_selector', { selector: deep(30) }), 'POST selector 30');
    }
  });

  it('a selector just deep enough for real use still works', async () => {
    const selector = { $and: [{ $or: [{ type: 'captacion' }, { type: { $eq: 'x' } }] }, { 'captacion.asesor': { $in: [supervisor.id] } }] };
    const r = await supervisor.client.json('POST', '/db/captaciones/_changes?filter=_selector', { selector });
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { id: string }) => x.id)).toEqual(['propia-1']);
  });

  it('doc_ids, open_revs and a _local document nested 10,000 levels are refused with 4xx', async () => {
    const c = agente.client;
    const nested = `${'['.repeat(7_000)}${']'.repeat(7_000)}`;
    expectRefusal(await c.json('GET', `/db/captaciones/_changes?filter=_doc_ids&doc_ids=${nested}`), 'doc_ids');
    expectRefusal(await c.json('GET', `/db/captaciones/propia-1?open_revs=${nested}`), 'open_revs');
    expectRefusal(await c.json('PUT', '/db/captaciones/_local/hondo', `{"last_seq":"1","history":${deepText(10_000)}}`), '_local');
    expect((await c.json('GET', '/db/captaciones/_local/hondo')).status).toBe(404);
    expectRefusal(await c.json('PUT', '/db/captaciones/_local/poco-hondo', { last_seq: '1', x: deep(200) }), '_local 200');
  });
});

describe('prototype keys and wrong types', () => {
  it('_revs_diff with constructor, toString and other prototype names answers per id, never 500', async () => {
    for (const p of [supervisor, agente]) {
      const body = { constructor: ['1-def'], toString: ['2-aa'], hasOwnProperty: ['1-b', '1-b'], 'propia-1': ['9-zz'] };
      const r = await p.client.json('POST', '/db/captaciones/_revs_diff', body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // CouchDB also names the readable document's revisions as possible ancestors; the embedded store does not.
      expect(r.body).toEqual({ constructor: { missing: ['1-def'] }, toString: { missing: ['2-aa'] }, hasOwnProperty: { missing: ['1-b'] }, 'propia-1': expect.objectContaining({ missing: ['9-zz'] }) });
    }
  });

  it('a __proto__ key in _revs_diff is refused or answered as missing, never 500', async () => {
    for (const p of [supervisor, agente]) {
      const r = await p.client.json('POST', '/db/captaciones/_revs_diff', '{"__proto__":["1-abc"],"propia-1":["9-zz"]}');
      if (r.status === 200) expect(Object.getOwnPropertyDescriptor(r.body, '__proto__')?.value).toEqual({ missing: ['1-abc'] });
      else expectRefusal(r, '__proto__');
    }
  });

  it('_bulk_get of constructor, __proto__ and toString answers not found like any missing id', async () => {
    for (const p of [supervisor, agente]) {
      const ids = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'no-existe'];
      const r = await p.client.json('POST', '/db/captaciones/_bulk_get', { docs: ids.map((id) => ({ id })) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results).toEqual(ids.map((id) => ({ id, docs: [{ error: { id, rev: 'undefined', error: 'not_found', reason: 'missing' } }] })));
      for (const id of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
        expect((await p.client.json('GET', `/db/captaciones/${id}`)).status).toBe(404);
        expect((await p.client.json('GET', `/db/captaciones/${id}?open_revs=all`)).status).toBe(404);
      }
      // Ids starting with '_' are reserved in CouchDB: no document can be called __proto__.
      expectRefusal(await p.client.json('GET', '/db/captaciones/__proto__'), 'GET __proto__');
    }
  });

  it('objects and arrays where strings belong answer 400', async () => {
    const c = agente.client;
    const cases: Array<[string, string, unknown?]> = [
      ['POST', '/db/captaciones/_bulk_get', { docs: [{ id: { $gt: '' } }] }],
      ['POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'propia-1', rev: ['1-a'] }] }],
      ['POST', '/db/captaciones/_bulk_get', { docs: { id: 'x' } }],
      ['POST', '/db/captaciones/_bulk_get', { docs: [null] }],
      ['POST', '/db/captaciones/_revs_diff', { 'propia-1': [{ rev: '1-a' }] }],
      ['POST', '/db/captaciones/_revs_diff', { 'propia-1': '1-a' }],
      ['POST', '/db/captaciones/_revs_diff', ['propia-1']],
      ['POST', '/db/captaciones/_changes', { doc_ids: [{ a: 1 }] }],
      ['POST', '/db/captaciones/_changes', { doc_ids: 'propia-1' }],
      ['POST', '/db/captaciones/_changes', { selector: ['x'] }],
      ['GET', '/db/captaciones/_changes?since=1&since=2'],
      ['GET', '/db/captaciones/_changes?limit=1&limit=2'],
      ['GET', `/db/captaciones/propia-1?open_revs=${encodeURIComponent('{"a":1}')}`],
      ['GET', `/db/captaciones/propia-1?open_revs=${encodeURIComponent('[1,2]')}`],
      ['GET', '/db/captaciones/propia-1?rev=1-a&rev=2-b'],
      ['GET', '/db/captaciones/propia-1?rev=abc'],
      ['GET', `/db/captaciones/propia-1?open_revs=${encodeURIComponent('["abc"]')}`],
      ['POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'propia-1', rev: 'no-es-revision' }] }],
      ['PUT', '/db/captaciones/_local/x', ['no', 'es', 'objeto']],
      ['PUT', '/db/captaciones/_local/x', { _rev: { a: 1 }, last_seq: '1' }],
    ];
    for (const [method, path, body] of cases) expectRefusal(await c.json(method, path, body), `${method} ${path} ${JSON.stringify(body)}`);
  });
});

describe('latest=true', () => {
  it('with a revision the document never had answers missing, and the database keeps answering', async () => {
    const db = await gw.store.db('captaciones');
    const first = await db.get('propia-1');
    const second = (await db.put({ ...first, propietario: { ...(first.propietario as object), nombre: 'Rosa Elena Díaz Soto' } })).rev as string;
    const never = '1-0123456789abcdef0123456789abcdef';
    for (const p of [supervisor, agente]) {
      const c = p.client;
      expect((await c.json('GET', `/db/captaciones/propia-1?rev=${never}&latest=true`)).status).toBe(404);
      const open = await c.json('GET', `/db/captaciones/propia-1?open_revs=${encodeURIComponent(JSON.stringify([never, first._rev]))}&latest=true`);
      expect(open.body).toEqual([{ ok: expect.objectContaining({ _rev: second }) }, { missing: never }]);
      const bulk = await c.json('POST', '/db/captaciones/_bulk_get?revs=true&latest=true', { docs: [{ id: 'propia-1', rev: never }, { id: 'propia-1', rev: first._rev }] });
      expect(bulk.body.results[0].docs).toEqual([{ error: { id: 'propia-1', rev: never, error: 'not_found', reason: 'missing' } }]);
      expect(bulk.body.results[1].docs[0].ok._rev).toBe(second);
      const old = await c.json('GET', `/db/captaciones/propia-1?rev=${first._rev}&latest=true`);
      expect(old.body._rev).toBe(second);
      expect((await c.json('GET', '/db/captaciones/propia-1')).status).toBe(200);
    }
  });
});
