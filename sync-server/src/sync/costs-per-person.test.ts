import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { heldRequest, type HeldRequest } from '../testing/held-request';
import { editBehind, eventually, ids, localDb, remoteDb, seed, signedIn, type Person } from '../testing/pouch-client';
import { HEAVY_AT_ONCE_PER_PERSON, HEAVY_QUEUED_PER_PERSON, HEAVY_RETRY_AFTER_S, MAX_DOCS_PER_BULK_DOCS } from './limits';
import { BUSY, turnsOf } from './person-slots';

/**
 * Issue 18 item 3: costs bounded per person. One person's heavy replication requests take turns
 * (a few at once, the rest queued, 429 past the queue) while everybody else is served; a turn
 * comes back when the answer ends or the client leaves; a longpoll waits without one. Batches
 * are capped and repeated ids read once.
 */
const gw = gatewayForFile();
let flooder: Person, other: Person;
const held: HeldRequest[] = [];
const OWN = 30;

beforeAll(async () => {
  flooder = await signedIn(gw, 'user');
  other = await signedIn(gw, 'user');
  const base = sampleCaptacion({ captacion: { asesor: flooder.id } });
  await seed(gw.store, 'captaciones', Array.from({ length: OWN }, (_, i) => ({ ...base, _id: `propia-${i}` })));
  // Their own: on their device (issue 34) once the list's directory follows the store.
  await gw.gateway.caughtUp();
}, 60_000);

afterEach(async () => {
  for (const h of held.splice(0)) h.drop();
  await eventually(() => turnsOf(flooder.id).running + turnsOf(flooder.id).waiting === 0, 'los turnos vuelven al soltar las conexiones');
});

/** A `_bulk_get` whose body never finishes arriving: once it has a turn, it keeps it. */
function hold(p: Person): HeldRequest {
  const h = heldRequest(gw.url, 'POST', '/db/captaciones/_bulk_get', { cookie: p.cookie, 'content-type': 'application/json', 'content-length': '1000' }, '{"docs":');
  held.push(h);
  return h;
}

const turns = (p: Person) => turnsOf(p.id);

/** Holds every turn of `p` and fills their queue; resolves once the gateway counts them all. */
async function saturate(p: Person): Promise<HeldRequest[]> {
  const running: HeldRequest[] = [];
  for (let i = 0; i < HEAVY_AT_ONCE_PER_PERSON; i++) running.push(hold(p));
  await eventually(() => turns(p).running === HEAVY_AT_ONCE_PER_PERSON, 'las peticiones retenidas toman los turnos');
  for (let i = 0; i < HEAVY_QUEUED_PER_PERSON; i++) hold(p);
  await eventually(() => turns(p).waiting === HEAVY_QUEUED_PER_PERSON, 'la cola se llena');
  return running;
}

describe('heavy replication requests take turns per person', () => {
  it(`runs ${HEAVY_AT_ONCE_PER_PERSON} at once and queues the next; another person is served meanwhile`, async () => {
    const running = Array.from({ length: HEAVY_AT_ONCE_PER_PERSON }, () => hold(flooder));
    await eventually(() => turns(flooder).running === HEAVY_AT_ONCE_PER_PERSON, 'todos los turnos tomados');

    const queued = flooder.client.json('POST', '/db/captaciones/_revs_diff', { 'propia-1': ['1-abc'] });
    await eventually(() => turns(flooder).waiting === 1, 'la cuarta espera su turno');
    // Another person's heavy request, and the flooder's own light ones, are not in that line.
    const theirs = await other.client.json('POST', '/db/captaciones/_revs_diff', { x: ['1-abc'] });
    expect(theirs.status).toBe(200);
    expect((await flooder.client.json('GET', '/api/check-auth')).status).toBe(200);
    expect((await flooder.client.json('GET', '/db/captaciones')).status).toBe(200);
    expect(turns(flooder).waiting).toBe(1);

    // A client that leaves while its body is arriving gives its turn to the first in line.
    running[0].drop();
    const answered = await queued;
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ 'propia-1': { missing: ['1-abc'] } });
    expect(running.at(-1)!.settled()).toBe(false);
  }, 30_000);

  it(`answers 429 with Retry-After, in CouchDB's shape and in Spanish, past ${HEAVY_QUEUED_PER_PERSON} waiting; the next turn is served`, async () => {
    await saturate(flooder);
    const refused = await flooder.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'propia-2' }] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(HEAVY_RETRY_AFTER_S));
    expect(refused.body).toEqual({ error: 'too_many_requests', reason: BUSY });
    // Reads of one page are heavy too: the same line.
    expect((await flooder.client.json('GET', '/db/captaciones/_changes?limit=5')).status).toBe(429);
    // Nobody else is refused.
    expect((await other.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'x' }] })).status).toBe(200);

    // A waiting client that leaves frees its place in the queue.
    held[HEAVY_AT_ONCE_PER_PERSON].drop();
    await eventually(() => turns(flooder).waiting === HEAVY_QUEUED_PER_PERSON - 1, 'la espera abandonada sale de la cola');
    const nextInLine = flooder.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'propia-2' }] });
    await eventually(() => turns(flooder).waiting === HEAVY_QUEUED_PER_PERSON, 'entra en la cola, no recibe 429');

    for (const h of held.splice(0)) h.drop();
    const served = await nextInLine;
    expect(served.status).toBe(200);
    expect(served.body.results[0].docs[0].ok._id).toBe('propia-2');
  }, 30_000);

  it('counts one person across sessions: signing in again does not give more turns', async () => {
    const u = await gw.createUser();
    const first = await gw.client().signIn(u.email, u.password);
    const second = await gw.client().signIn(u.email, u.password);
    expect(second.cookie).not.toBe(first.cookie);
    const person = { id: u.id, cookie: first.cookie } as Person;
    for (let i = 0; i < HEAVY_AT_ONCE_PER_PERSON; i++) hold(person);
    await eventually(() => turnsOf(u.id).running === HEAVY_AT_ONCE_PER_PERSON, 'turnos tomados con la primera sesión');
    const fromSecond = second.json('POST', '/db/captaciones/_revs_diff', { a: ['1-abc'] });
    await eventually(() => turnsOf(u.id).waiting === 1, 'la otra sesión de la misma persona espera');
    for (const h of held.splice(0)) h.drop();
    expect((await fromSecond).status).toBe(200);
  }, 30_000);

  it('a waiting longpoll holds no turn: heavy requests are served while several wait', async () => {
    const since = (await flooder.client.json('GET', '/db/captaciones/_changes?since=now')).body.last_seq as string;
    const polls = Array.from({ length: HEAVY_AT_ONCE_PER_PERSON + 2 }, () =>
      flooder.client.json('GET', `/db/captaciones/_changes?feed=longpoll&since=${encodeURIComponent(since)}&timeout=8000`),
    );
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    const r = await flooder.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'propia-3' }] });
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(turns(flooder).running).toBe(0);
    // A change on the device wakes every waiting feed, each answering with it.
    await editBehind(gw, 'captaciones', 'propia-4');
    for (const p of await Promise.all(polls)) {
      expect(p.status).toBe(200);
      expect(p.body.results.map((x: { id: string }) => x.id)).toEqual(['propia-4']);
    }
  }, 30_000);

  it('a PouchDB client refused with 429 fails that sync, and the next one completes (the PWA starts again with backoff)', async () => {
    await saturate(flooder);
    const local = localDb();
    const remote = remoteDb(gw.url, 'captaciones', flooder.cookie);
    const failed = await local.replicate.from(remote, { retry: false }).then(
      () => null,
      (e: { status?: number; reason?: string }) => e,
    );
    expect(failed?.status).toBe(429);
    expect(failed?.reason).toBe(BUSY);

    // Live with PouchDB's own retry: it backs off and finishes by itself once turns come back.
    const live = local.replicate.from(remote, { live: true, retry: true, back_off_function: () => 200 });
    await new Promise((r) => setTimeout(r, 500));
    for (const h of held.splice(0)) h.drop();
    await eventually(async () => (await ids(local)).filter((id) => id.startsWith('propia-')).length === OWN, 'la réplica en vivo se recupera sola');
    live.cancel();

    const again = localDb();
    await again.replicate.from(remote, { retry: false });
    expect((await ids(again)).filter((id) => id.startsWith('propia-'))).toHaveLength(OWN);
  }, 60_000);
});

describe('batches and repeated ids', () => {
  it(`_bulk_docs: ${MAX_DOCS_PER_BULK_DOCS} documents at most, one more is 413 in Spanish and nothing is written`, async () => {
    const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `lote-${i}`, type: 'nota' }));
    const over = await flooder.client.json('POST', '/db/captaciones/_bulk_docs', { docs: docs(MAX_DOCS_PER_BULK_DOCS + 1) });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: 'too_large', reason: `Demasiados elementos en 'docs': como máximo ${MAX_DOCS_PER_BULK_DOCS} por petición.` });
    const db = await gw.store.db('captaciones');
    expect((await db.allDocs(['lote-0', `lote-${MAX_DOCS_PER_BULK_DOCS}`])).every((row) => !('value' in row))).toBe(true);
    // At the cap the batch is decided (each refused by the write policy here, in place).
    const at = await flooder.client.json('POST', '/db/captaciones/_bulk_docs', { docs: docs(MAX_DOCS_PER_BULK_DOCS) });
    expect(at.status).toBe(201);
    expect(at.body).toHaveLength(MAX_DOCS_PER_BULK_DOCS);
  }, 30_000);

  it('_bulk_get reads and answers an id asked again for the same revision once', async () => {
    const db = await gw.store.db('captaciones');
    const rev = (await db.get('propia-5'))._rev as string;
    const r = await flooder.client.json('POST', '/db/captaciones/_bulk_get', {
      docs: [...Array.from({ length: 1_500 }, () => ({ id: 'propia-5' })), { id: 'propia-5', rev }, { id: 'propia-5', rev }, { id: 'propia-6' }, { id: 'propia-5' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { id: string }) => x.id)).toEqual(['propia-5', 'propia-5', 'propia-6']);
    expect(r.body.results[0].docs[0].ok._rev).toBe(rev);
    expect(r.body.results[1].docs[0].ok._rev).toBe(rev);
    expect(r.body.results[2].docs[0].ok._id).toBe('propia-6');
  });
});
