import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import {
  MAX_CHANGES_ROWS,
  MAX_IDS_PER_REQUEST,
  MAX_LOCAL_DOC_BYTES,
  MAX_LOCAL_DOCS_PER_PERSON,
  MAX_OPEN_REVS,
  MAX_REVS_PER_REQUEST,
} from './limits';
import { deviceSetIds, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * Bounded work per request: one client asking for a whole database in one request gets a clear
 * 413 (or 400), requests within the caps are served in chunks, and every other person keeps
 * being answered within a second meanwhile.
 */
// As deployed, in device-set mode: the caps need more than 2,000 captaciones in one device's set,
// and a feed narrowed to a set that large costs the set (a lookup per row), not the database times the set.
const gw = gatewayForFile();
let supervisor: Person, agente: Person;
const OWN = MAX_IDS_PER_REQUEST + 100;
const ownIds = Array.from({ length: OWN }, (_, i) => `cap-${String(i).padStart(5, '0')}`);

beforeAll(async () => {
  supervisor = await signedIn(gw, 'supervisor', 'emp-sup');
  agente = await signedIn(gw, 'user', 'emp-agente');
  const base = sampleCaptacion({ captacion: { asesor: supervisor.id } });
  await seed(gw.store, 'captaciones', ownIds.map((_id) => ({ ...base, _id })));
  // Written behind the gateway: in their adviser's device set once the list's directory has them.
  expect(await deviceSetIds(gw, supervisor)).toHaveLength(OWN);
}, 60_000);

function expectRefused(r: { status: number; body: { error?: string; reason?: string } }, status: number, what: string): void {
  expect(r.status, `${what}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(status);
  expect(r.body.error, what).toBe(status === 413 ? 'too_large' : status === 403 ? 'forbidden' : 'bad_request');
  expect(r.body.reason, what).toMatch(/^[A-ZÁÉÍÓÚÑ].*[.]$/);
}

const ids = (n: number, prefix = 'x') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('caps per request', () => {
  it(`_bulk_get: ${MAX_IDS_PER_REQUEST} ids are served, one more is 413`, async () => {
    const full = await supervisor.client.json('POST', '/db/captaciones/_bulk_get?revs=true', { docs: ownIds.slice(0, MAX_IDS_PER_REQUEST).map((id) => ({ id })) });
    expect(full.status).toBe(200);
    expect(full.body.results).toHaveLength(MAX_IDS_PER_REQUEST);
    expect(full.body.results.every((r: { id: string; docs: Array<{ ok?: { _id: string } }> }) => r.docs[0].ok?._id === r.id)).toBe(true);
    const over = await supervisor.client.json('POST', '/db/captaciones/_bulk_get', { docs: ownIds.slice(0, MAX_IDS_PER_REQUEST + 1).map((id) => ({ id })) });
    expectRefused(over, 413, '_bulk_get');
    expect(over.body.reason).toContain(String(MAX_IDS_PER_REQUEST));
  });

  it('_bulk_get answers a repeated id once per request, in request order', async () => {
    const db = await gw.store.db('captaciones');
    const rev = (await db.get('cap-00001'))._rev as string;
    const r = await supervisor.client.json('POST', '/db/captaciones/_bulk_get', {
      docs: [{ id: 'cap-00001', rev }, { id: 'cap-00002' }, { id: 'cap-00001', rev: '9-abc' }, { id: 'cap-00001' }],
    });
    expect(r.body.results.map((x: { id: string }) => x.id)).toEqual(['cap-00001', 'cap-00002', 'cap-00001', 'cap-00001']);
    expect(r.body.results[0].docs[0].ok._rev).toBe(rev);
    expect(r.body.results[1].docs[0].ok._id).toBe('cap-00002');
    expect(r.body.results[2].docs[0].error).toEqual({ id: 'cap-00001', rev: '9-abc', error: 'not_found', reason: 'missing' });
    expect(r.body.results[3].docs[0].ok._rev).toBe(rev);
  });

  it(`_revs_diff: ${MAX_IDS_PER_REQUEST} ids and ${MAX_REVS_PER_REQUEST} revisions, no more`, async () => {
    const full = await supervisor.client.json('POST', '/db/captaciones/_revs_diff', Object.fromEntries(ownIds.slice(0, MAX_IDS_PER_REQUEST).map((id) => [id, ['1-a', '2-b']])));
    expect(full.status).toBe(200);
    expect(Object.keys(full.body)).toHaveLength(MAX_IDS_PER_REQUEST);
    expectRefused(await supervisor.client.json('POST', '/db/captaciones/_revs_diff', Object.fromEntries(ids(MAX_IDS_PER_REQUEST + 1).map((id) => [id, ['1-a']]))), 413, 'ids');
    const revs = Array.from({ length: MAX_REVS_PER_REQUEST / 2 + 1 }, (_, i) => `1-${i}`);
    expectRefused(await supervisor.client.json('POST', '/db/captaciones/_revs_diff', { a: revs, b: revs }), 413, 'revisions');
  });

  it(`_changes: doc_ids up to ${MAX_IDS_PER_REQUEST}, a selector of reasonable size, pages of at most ${MAX_CHANGES_ROWS} rows`, async () => {
    const c = supervisor.client;
    const some = await c.json('POST', '/db/captaciones/_changes?filter=_doc_ids', { doc_ids: ownIds.slice(0, MAX_IDS_PER_REQUEST) });
    expect(some.status).toBe(200);
    expect(some.body.results).toHaveLength(MAX_IDS_PER_REQUEST);
    expectRefused(await c.json('POST', '/db/captaciones/_changes?filter=_doc_ids', { doc_ids: ownIds.slice(0, MAX_IDS_PER_REQUEST + 1) }), 413, 'doc_ids');
    const huge = { $or: ids(2_000, 'valor-largo').map((v) => ({ 'propietario.nombre': v })) };
    expectRefused(await c.json('POST', '/db/captaciones/_changes?filter=_selector', { selector: huge }), 400, 'selector');

    const all = await c.json('GET', '/db/captaciones/_changes?limit=999999');
    expect(all.body.results).toHaveLength(MAX_CHANGES_ROWS);
    const unlimited = await c.json('GET', '/db/captaciones/_changes');
    expect(unlimited.body.results).toHaveLength(MAX_CHANGES_ROWS);
    const rest = await c.json('GET', `/db/captaciones/_changes?since=${encodeURIComponent(unlimited.body.last_seq)}`);
    expect(rest.body.results).toHaveLength(OWN - MAX_CHANGES_ROWS);
  });

  it(`open_revs: up to ${MAX_OPEN_REVS} revisions`, async () => {
    const revs = (n: number) => encodeURIComponent(JSON.stringify(Array.from({ length: n }, (_, i) => `1-${i.toString(36)}`)));
    const ok = await supervisor.client.json('GET', `/db/captaciones/cap-00003?open_revs=${revs(MAX_OPEN_REVS)}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(MAX_OPEN_REVS);
    expectRefused(await supervisor.client.json('GET', `/db/captaciones/cap-00003?open_revs=${revs(MAX_OPEN_REVS + 1)}`), 413, 'open_revs');
  });
});

/**
 * The misbehaving client runs in a worker thread: building and reading its megabytes of JSON
 * must not count against the gateway, which shares this test's event loop.
 */
const FLOOD_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, cookie, requests } = workerData;
let flooding = true;
const statuses = [];
parentPort.on('message', () => { flooding = false; });
const loop = async ({ path, body }) => {
  while (flooding) {
    const res = await fetch(url + path, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
};
Promise.all(requests.map(loop)).then(() => parentPort.postMessage(statuses), (e) => parentPort.postMessage(String(e)));
`;

describe('one client at the caps does not stall anybody else', () => {
  it('while a client floods _bulk_get and _revs_diff, the check-auth of another person answers within 1 s', async () => {
    const atCap = ownIds.slice(0, MAX_IDS_PER_REQUEST);
    const bulkGet = JSON.stringify({ docs: atCap.map((id) => ({ id })) });
    const revsDiff = JSON.stringify(Object.fromEntries(atCap.map((id) => [id, ['1-a', '2-b', '3-c']])));
    // What the reported attack sent: far beyond the caps.
    const oversized = JSON.stringify({ docs: ids(200_000, 'cap').map((id) => ({ id })) });
    const hugeDiff = JSON.stringify(Object.fromEntries(ids(150_000, 'cap').map((id) => [id, ['1-a']])));
    const requests = [
      { path: '/db/captaciones/_bulk_get?revs=true', body: bulkGet },
      { path: '/db/captaciones/_bulk_get?revs=true', body: bulkGet },
      { path: '/db/captaciones/_revs_diff', body: revsDiff },
      { path: '/db/captaciones/_bulk_get', body: oversized },
      { path: '/db/captaciones/_revs_diff', body: hugeDiff },
    ];
    const worker = new Worker(FLOOD_CLIENT, { eval: true, workerData: { url: gw.url, cookie: supervisor.cookie, requests } });
    const done = new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });

    const waits: number[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const until = Date.now() + 4_000;
      while (Date.now() < until) {
        const start = performance.now();
        const r = await agente.client.json('GET', '/api/check-auth');
        waits.push(performance.now() - start);
        expect(r.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      worker.postMessage('stop');
    }
    const statuses = await done;
    await worker.terminate();
    expect(Array.isArray(statuses), String(statuses)).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(413);
    expect((statuses as number[]).every((s) => s === 200 || s === 413)).toBe(true);
    const shown = `esperas: ${waits.map((w) => Math.round(w)).join(', ')} ms`;
    expect(waits.length, shown).toBeGreaterThan(4);
    expect(Math.max(...waits), shown).toBeLessThan(1_000);
  }, 30_000);
});

describe('_local checkpoints', () => {
  it(`are at most ${MAX_LOCAL_DOC_BYTES / 1024} KB`, async () => {
    const c = agente.client;
    const near = { last_seq: '1', history: [{ note: 'x'.repeat(MAX_LOCAL_DOC_BYTES - 200) }] };
    expect((await c.json('PUT', '/db/captaciones/_local/grande', near)).status).toBe(201);
    const over = { last_seq: '1', history: [{ note: 'x'.repeat(MAX_LOCAL_DOC_BYTES) }] };
    expectRefused(await c.json('PUT', '/db/captaciones/_local/enorme', over), 413, '_local');
    expect((await c.json('GET', '/db/captaciones/_local/enorme')).status).toBe(404);
  });

  it(`are at most ${MAX_LOCAL_DOCS_PER_PERSON} per person and database: a new one evicts the oldest, never refuses the device`, async () => {
    const p = await signedIn(gw, 'user', 'emp-local');
    const put = (id: string, body: Record<string, unknown> = { last_seq: '1' }) => p.client.json('PUT', `/db/captaciones/_local/${id}`, body);
    const exists = async (id: string) => (await p.client.json('GET', `/db/captaciones/_local/${id}`)).status === 200;
    const written: string[] = [];
    for (let i = 0; i < MAX_LOCAL_DOCS_PER_PERSON; i++) {
      expect((await put(`punto-${i}`)).status).toBe(201);
      written.push(`punto-${i}`);
    }
    // A rewrite of a registered checkpoint never evicts anything.
    const first = await p.client.json('GET', '/db/captaciones/_local/punto-0');
    expect((await put('punto-0', { ...first.body, last_seq: '2' })).status).toBe(201);
    expect((await p.client.json('GET', '/db/captaciones/_local/punto-0')).body.last_seq).toBe('2');

    const next = await put('uno-mas');
    expect(next.status).toBe(201);
    expect(await exists('uno-mas')).toBe(true);
    expect(await exists('punto-0')).toBe(false);
    written.push('uno-mas');

    // Twenty devices at once: each is answered, and the person never holds more than the cap.
    const racing = await Promise.all(Array.from({ length: 20 }, (_, i) => put(`carrera-${i}`)));
    expect(racing.every((r) => [201, 409].includes(r.status))).toBe(true);
    written.push(...racing.map((_r, i) => `carrera-${i}`));
    const held = (await Promise.all(written.map(exists))).filter(Boolean).length;
    expect(held).toBeLessThanOrEqual(MAX_LOCAL_DOCS_PER_PERSON);
    expect(held).toBeGreaterThan(MAX_LOCAL_DOCS_PER_PERSON - 20);

    // Another database, and another person, have their own count.
    expect((await p.client.json('PUT', '/db/nominas/_local/uno-mas', { last_seq: '1' })).status).toBe(201);
    expect((await agente.client.json('PUT', '/db/captaciones/_local/uno-mas', { last_seq: '1' })).status).toBe(201);
  }, 30_000);
});
