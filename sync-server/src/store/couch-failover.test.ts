/**
 * The couchdb adapter on several nodes (COUCHDB_URL with commas): which node each call reaches when
 * one is down, resets, holds a longpoll or says "nodedown". The nodes are real HTTP servers on
 * 127.0.0.1 (couch-test-nodes.ts); with COUCHDB_URL set, the last block runs on a real CouchDB
 * behind a node that is down.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseNodeUrls } from './couch-nodes';
import { RESPONSE_TIMEOUT_MS } from './couch-http';
import { CREDENTIALS, downNode, fakeNode, type Behaviour, type FakeNode, type SeenRequest } from './couch-test-nodes';
import { createCouchStore, StoreUnavailable } from './couchdb';
import { StoreError, type StoreDb } from './port';
import { eventually } from '../testing/eventually';
import { rejectionOf } from '../../../couch-design/testing/rejection';

const PASSWORD = CREDENTIALS.split(':')[1];
const PREFIX = 'x_';
const DB = `${PREFIX}captaciones`;

const opened: FakeNode[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((n) => n.close()));
});

/** A healthy node holding one database with one document `a`. */
function healthy(req: SeenRequest): Behaviour {
  const path = req.url.split('?')[0];
  if (req.method === 'GET' && path === '/_up') return { status: 200, body: { status: 'ok' } };
  if (req.method === 'GET' && path === `/${DB}`) return { status: 200, body: { db_name: DB, doc_count: 1, update_seq: '1-abc' } };
  if (req.method === 'GET' && path === `/${DB}/a`) return { status: 200, body: { _id: 'a', _rev: '1-x', type: 'captacion' } };
  if (req.method === 'PUT' && path.startsWith(`/${DB}/`)) return { status: 201, body: { ok: true, id: decodeURIComponent(path.split('/')[2]), rev: '1-y' } };
  if (req.method === 'POST' && path === `/${DB}/_bulk_docs`) return { status: 201, body: [{ ok: true, id: 'b', rev: '1-z' }] };
  if (path === `/${DB}/_changes`) return { status: 200, body: { results: [{ id: 'a', seq: '2-def', changes: [{ rev: '1-x' }] }], last_seq: '2-def' } };
  if (req.method === 'GET' && path === `/${DB}/a/foto.jpg`) return { status: 200, body: 'jpeg' };
  return { status: 404, body: { error: 'not_found', reason: 'missing' } };
}

async function node(answer: (req: SeenRequest) => Behaviour = healthy): Promise<FakeNode> {
  const n = await fakeNode(answer);
  opened.push(n);
  return n;
}

/** Every request answered as a healthy node would, except the database's own info (opening) first. */
const after = (other: (req: SeenRequest) => Behaviour) => (req: SeenRequest): Behaviour =>
  req.method === 'GET' && req.url === `/${DB}` ? healthy(req) : other(req);

function store(urls: string[], cooldownMs = 0) {
  const lines: string[] = [];
  const s = createCouchStore(urls.join(','), PREFIX, { cooldownMs, log: (l) => lines.push(l) });
  return { s, lines };
}

const failure = (p: Promise<unknown>): Promise<StoreError> => rejectionOf(StoreError, p);

const writes = (n: FakeNode) => n.seen.filter((r) => r.method !== 'GET');

describe('couchdb adapter on several nodes', () => {
  it('reads from the next node when the first refuses connections, and says so once', async () => {
    const down = await downNode();
    const up = await node();
    const { s, lines } = store([down.url, up.url], 60_000);
    const db = await s.db('captaciones');
    expect(await db.get('a')).toMatchObject({ _id: 'a' });
    expect(up.seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /${DB}`, `GET /${DB}/a`]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${down.port}`);
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(lines[0]).not.toContain(PASSWORD);
  });

  it('sends nothing to a failed node while another answers, and asks its /_up after each cooldown', async () => {
    const flaky = await node(() => 'reset');
    const up = await node();
    const { s, lines } = store([flaky.url, up.url], 300);
    const db = await s.db('captaciones');
    expect(flaky.connections()).toBe(1);
    for (let i = 0; i < 5; i++) await db.get('a');
    expect(flaky.connections()).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    await db.get('a');
    await eventually(() => flaky.seen.length === 2, 'la pregunta a /_up');
    expect(flaky.seen.map((r) => r.url)).toEqual([`/${DB}`, '/_up']);
    expect(up.seen.filter((r) => r.url === `/${DB}/a`)).toHaveLength(6);
    // Said once when it went down, not again at each try while it stays down.
    expect(lines.filter((l) => l.includes('no está disponible'))).toHaveLength(1);
  });

  it('gives a restarted node calls again only once its /_up answers 200', async () => {
    let state: 'down' | 'booting' | 'up' = 'down';
    const restarting = await node((req) => (state === 'down' ? 'reset' : state === 'booting' ? { status: 404, body: { status: 'seeding' } } : healthy(req)));
    const other = await node();
    const { s, lines } = store([restarting.url, other.url], 50);
    const db = await s.db('captaciones');
    state = 'booting';
    for (let i = 0; i < 4; i++) {
      await db.get('a');
      await new Promise((r) => setTimeout(r, 60));
    }
    expect(restarting.seen.filter((r) => r.url !== '/_up').map((r) => r.url)).toEqual([`/${DB}`]);
    state = 'up';
    await eventually(async () => {
      await db.get('a');
      return lines.some((l) => l.includes('responde de nuevo'));
    }, 'el nodo de vuelta');
    await db.get('a');
    expect(restarting.seen.at(-1)!.url).toBe(`/${DB}/a`);
  });

  it('says once that a node is back', async () => {
    let sick = true;
    const a = await node((req) => (sick ? 'reset' : healthy(req)));
    const b = await node();
    const { s, lines } = store([a.url, b.url], 0);
    const db = await s.db('captaciones');
    await db.get('a');
    sick = false;
    await eventually(async () => {
      await db.get('a');
      return lines.length === 2;
    }, 'el nodo de vuelta');
    await db.get('a');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/no está disponible \(ECONNRESET\); se usan los demás nodos hasta que vuelva a responder\.$/);
    expect(lines[1]).toMatch(/^Apache CouchDB en http:\/\/127\.0\.0\.1:\d+ responde de nuevo\.$/);
  });

  it('moves a longpoll to the next node when its node goes away mid-wait (its headers already sent)', async () => {
    const dying = await node(after((req) => (req.url.includes('_changes') ? 'open' : healthy(req))));
    const up = await node();
    const { s } = store([dying.url, up.url]);
    const db = await s.db('captaciones');
    const pending = db.changes({ feed: 'longpoll', since: '1-abc', timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 150));
    expect(dying.seen.some((r) => r.url.includes('_changes'))).toBe(true);
    await dying.close();
    const res = await pending;
    expect(res.last_seq).toBe('2-def');
    const asked = up.seen.find((r) => r.url.includes('_changes'))!;
    expect(asked.url).toContain('since=1-abc');
    expect(asked.url).toContain('feed=longpoll');
  });

  it('reads again from the next node when an answer is cut short; a write cut short is a 503', async () => {
    const cutting = await node(after((req) => (req.method === 'GET' || req.method === 'PUT' ? 'cut' : healthy(req))));
    const up = await node();
    const db = await store([cutting.url, up.url]).s.db('captaciones');
    expect(await db.get('a')).toMatchObject({ _id: 'a' });
    const again = await store([cutting.url, up.url]).s.db('captaciones');
    expect((await again.changes({ since: '0' })).last_seq).toBe('2-def');
    const fresh = await store([cutting.url, up.url]).s.db('captaciones');
    expect(await failure(fresh.put({ _id: 'n1', type: 'captacion' }))).toMatchObject({ status: 503, error: 'service_unavailable' });
    expect(writes(up)).toEqual([]);
  });

  it('a node that accepts and never answers costs a read its time-out, then the next node serves it and the silent one is skipped', async () => {
    const silent = await node(after(() => 'hang'));
    const up = await node();
    const { s, lines } = store([silent.url, up.url], 60_000);
    const db = await s.db('captaciones');
    const started = Date.now();
    expect(await db.get('a')).toMatchObject({ _id: 'a' });
    expect(Date.now() - started).toBeLessThan(RESPONSE_TIMEOUT_MS + 10_000);
    expect(lines).toEqual([expect.stringMatching(/no está disponible \(ETIMEDOUT\); se usan los demás nodos/)]);
    // Marked down: the next read goes to the node that answers, without waiting again.
    const asked = silent.seen.length;
    expect(await db.get('a')).toMatchObject({ _id: 'a' });
    expect(silent.seen.length).toBe(asked);
    // A write to a silent node may have been applied: a 503 after the time-out, never a hang, never sent twice.
    const alone = await store([silent.url]).s.db('captaciones');
    expect(await failure(alone.put({ _id: 'n2', type: 'captacion' }))).toMatchObject({ status: 503, error: 'service_unavailable' });
    expect(silent.seen.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('does not count a longpoll the caller abandoned as a node failure', async () => {
    const holding = await node((req) => (req.url.includes('_changes') ? 'hang' : healthy(req)));
    const up = await node();
    const { s, lines } = store([holding.url, up.url], 60_000);
    const db = await s.db('captaciones');
    const abort = new AbortController();
    const pending = db.changes({ feed: 'longpoll', since: '1-abc', timeout: 10_000, signal: abort.signal });
    setTimeout(() => abort.abort(), 100);
    expect((await pending).results).toEqual([]);
    expect(up.seen.some((r) => r.url.includes('_changes'))).toBe(false);
    expect(lines).toEqual([]);
    await db.get('a');
    expect(holding.seen.some((r) => r.url === `/${DB}/a`)).toBe(true);
  });

  it('sends a write to the next node only when the first refused the connection', async () => {
    const down = await downNode();
    const up = await node();
    const { s } = store([down.url, up.url]);
    const db = await s.db('captaciones');
    expect(await db.put({ _id: 'n1', type: 'captacion' })).toMatchObject({ ok: true, id: 'n1' });
    expect(writes(up).map((r) => r.method)).toEqual(['PUT']);
  });

  it('never repeats a write whose answer was lost: 503, and the next node never sees it', async () => {
    const lost = await node(after(() => 'reset'));
    const up = await node();
    for (const attempt of [
      (db: StoreDb) => db.put({ _id: 'n1', type: 'captacion' }),
      (db: StoreDb) => db.remove('a', '1-x'),
      (db: StoreDb) => db.bulkDocs([{ _id: 'b', type: 'captacion' }]),
      (db: StoreDb) => db.putLocal({ _id: 'cp', last_seq: '1' }),
    ]) {
      // A new gateway each time: after the first failure, the lost node would get nothing more.
      const db = await store([lost.url, up.url]).s.db('captaciones');
      const err = await failure(attempt(db));
      expect(err).toBeInstanceOf(StoreUnavailable);
      expect(err).toMatchObject({ status: 503, error: 'service_unavailable' });
    }
    expect(writes(lost)).toHaveLength(4);
    expect(writes(up)).toEqual([]);
  });

  it('repeats what is safe to repeat: replicated revisions (new_edits false), reads, attachments', async () => {
    const lost = await node(after(() => 'reset'));
    const up = await node();
    const { s } = store([lost.url, up.url]);
    const db = await s.db('captaciones');
    expect(await db.bulkDocs([{ _id: 'b', _rev: '1-z', type: 'captacion' }], { new_edits: false })).toEqual([{ ok: true, id: 'b', rev: '1-z' }]);
    expect(JSON.parse(writes(up)[0].body)).toMatchObject({ new_edits: false });
    expect(await db.get('a')).toMatchObject({ _id: 'a' });
    expect((await db.getAttachment('a', 'foto.jpg')).data.toString()).toBe('"jpeg"');
  });

  it('answers 412 nodedown (and 503, 500 rexi_EXIT) as 503 service_unavailable, and reads go on elsewhere', async () => {
    for (const body of [
      { status: 412, body: { error: 'nodedown', reason: 'progress not possible' } },
      { status: 503, body: { error: 'service unavailable', reason: 'Nodes are unable to service this request due to overloading or maintenance mode.' } },
      { status: 500, body: { error: 'rexi_EXIT', reason: '{noproc,...}' } },
      { status: 500, body: { error: 'timeout', reason: 'The request could not be processed in a reasonable amount of time.' } },
    ]) {
      const sick = await node(after(() => body));
      const up = await node();
      const one = store([sick.url]).s;
      const err = await failure((await one.db('captaciones')).put({ _id: 'n1', type: 'captacion' }));
      expect(err).toBeInstanceOf(StoreUnavailable);
      expect(err).toMatchObject({ status: 503, error: 'service_unavailable', answered: true });
      expect(err.reason).toContain(`${body.status} ${body.body.error}`);

      // A read moves on to the next node; a write stays answered 503 (it may have been applied).
      const db = await store([sick.url, up.url]).s.db('captaciones');
      expect(await db.get('a')).toMatchObject({ _id: 'a' });
      const fresh = await store([sick.url, up.url]).s.db('captaciones');
      expect((await failure(fresh.put({ _id: 'n2', type: 'captacion' }))).status).toBe(503);
      expect(writes(up)).toEqual([]);
    }
  });

  it('reads once more after half a second when every node said "try again" (a node shutting down), never writes', async () => {
    let sick = true;
    const say412 = (req: SeenRequest): Behaviour => (sick ? { status: 412, body: { error: 'nodedown', reason: 'progress not possible' } } : healthy(req));
    const a = await node(after(say412));
    const b = await node(after(say412));
    const db = await store([a.url, b.url]).s.db('captaciones');
    setTimeout(() => (sick = false), 200);
    expect(await db.get('a')).toMatchObject({ _id: 'a' });

    sick = true;
    setTimeout(() => (sick = false), 200);
    const other = await store([a.url, b.url]).s.db('captaciones');
    expect(await failure(other.put({ _id: 'n1', type: 'captacion' }))).toMatchObject({ status: 503 });
    expect(writes(b)).toEqual([]);
  });

  it('keeps the other 412s and 5xx as CouchDB said them', async () => {
    const exists = await node((req) =>
      req.method === 'GET' && req.url === `/${DB}` ? { status: 404, body: { error: 'not_found', reason: 'Database does not exist.' } }
      : req.method === 'PUT' && req.url === `/${DB}` ? { status: 412, body: { error: 'file_exists', reason: 'The database could not be created, the file already exists.' } }
      : req.url.startsWith(`/${DB}/stub`) ? { status: 412, body: { error: 'missing_stub', reason: 'Invalid attachment stub' } }
      : { status: 500, body: { error: 'unknown_error', reason: 'function_clause' } },
    );
    const { s } = store([exists.url]);
    // Created meanwhile by another gateway: the database opens.
    const db = await s.db('captaciones');
    expect(await failure(db.put({ _id: 'stub', type: 'captacion' }))).toMatchObject({ status: 412, error: 'missing_stub' });
    expect(await failure(db.get('a'))).toMatchObject({ status: 500, error: 'unknown_error' });
  });

  it('with every node down, answers 503 naming the node, never the password', async () => {
    const a = await downNode();
    const b = await downNode();
    const { s } = store([a.url, b.url]);
    const err = await failure(s.db('captaciones'));
    expect(err).toBeInstanceOf(StoreUnavailable);
    expect(err).toMatchObject({ status: 503, answered: false, detail: 'ECONNREFUSED' });
    expect(err.reason).toMatch(/127\.0\.0\.1:\d+: ECONNREFUSED/);
    expect(err.reason).not.toContain(PASSWORD);
    expect(err.message).not.toContain(PASSWORD);
  });
});

describe('COUCHDB_URL with several nodes', () => {
  it('is split on commas, spaces trimmed; a bad entry is named by position, never shown', () => {
    expect(parseNodeUrls(' http://a:b@h1:5984 , http://a:b@h2:5984,')).toEqual(['http://a:b@h1:5984', 'http://a:b@h2:5984']);
    expect(() => parseNodeUrls('http://a:b@h1:5984,ftp://a:clave@h2')).toThrow(/número 2/);
    expect(() => parseNodeUrls('http://a:b@h1:5984,ftp://a:clave@h2')).not.toThrow(/clave/);
    expect(() => parseNodeUrls(' , ')).toThrow(/ninguna/);
  });
});
