import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { captacionTombstone } from '../../../couch-design/captacion/stamp';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { payslip, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * Out of scope looks like nonexistent: for an id a person may not read, every read answers byte
 * for byte what it answers for an id that never existed, so nobody learns which foreign payslips
 * exist or which revisions they have. A revision is readable only while the document's current
 * winner (a deletion's tombstone included) is in the person's scope.
 */
const gw = gatewayForFile();
let supervisor: Person, agente: Person;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });

beforeAll(async () => {
  supervisor = await signedIn(gw, 'supervisor', 'emp-sup');
  agente = await signedIn(gw, 'user', 'emp-agente');
  await seed(gw.store, 'nominas', [payslip('emp-sup', 1), payslip('emp-agente', 1), payslip('emp-agente', 2)]);
});

/** An id nobody ever wrote, as long as `like` so that the answers can be compared byte for byte. */
const neverExisted = (like: string): string => randomBytes(like.length).toString('hex').slice(0, like.length);

async function raw(p: Person, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await p.client.fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/** Runs `ask` for `hidden` and for a never-existing id of the same length: both answers must be identical. */
async function expectSameAsNonexistent(p: Person, hidden: string, ask: (id: string) => [string, string, unknown?]): Promise<string> {
  const ghost = neverExisted(hidden);
  const a = await raw(p, ...ask(hidden));
  const b = await raw(p, ...ask(ghost));
  const what = ask(hidden)[1];
  expect(a.status, what).toBe(b.status);
  expect(a.text.split(hidden).join('<id>'), what).toBe(b.text.split(ghost).join('<id>'));
  expect(a.status, what).toBeLessThan(500);
  return a.text;
}

async function storedRev(dbName: string, id: string): Promise<string> {
  return (await (await gw.store.db(dbName)).get(id))._rev as string;
}

describe('a foreign payslip answers as one that never existed', () => {
  it('_bulk_get, with and without the revision, with the options PouchDB sends', async () => {
    const id = 'nomina-emp-agente-1';
    const rev = await storedRev('nominas', id);
    for (const query of ['', '?revs=true&latest=true']) {
      const noRev = await expectSameAsNonexistent(supervisor, id, (x) => ['POST', `/db/nominas/_bulk_get${query}`, { docs: [{ id: x }] }]);
      expect(noRev).not.toContain(rev);
      await expectSameAsNonexistent(supervisor, id, (x) => ['POST', `/db/nominas/_bulk_get${query}`, { docs: [{ id: x, rev }] }]);
      await expectSameAsNonexistent(supervisor, id, (x) => ['POST', `/db/nominas/_bulk_get${query}`, { docs: [{ id: x }, { id: x, rev }, { id: 'nomina-emp-sup-1' }] }]);
    }
    // The person's own payslip in the same request is answered in full.
    const own = await supervisor.client.json('POST', '/db/nominas/_bulk_get', { docs: [{ id }, { id: 'nomina-emp-sup-1' }] });
    expect(own.body.results[1].docs[0].ok.empleadoId).toBe('emp-sup');
  });

  it('_revs_diff, GET with rev and GET with open_revs', async () => {
    const id = 'nomina-emp-agente-2';
    const rev = await storedRev('nominas', id);
    await expectSameAsNonexistent(supervisor, id, (x) => ['POST', '/db/nominas/_revs_diff', { [x]: [rev, '1-0123456789abcdef'] }]);
    await expectSameAsNonexistent(supervisor, id, (x) => ['GET', `/db/nominas/${x}`]);
    await expectSameAsNonexistent(supervisor, id, (x) => ['GET', `/db/nominas/${x}?rev=${rev}`]);
    await expectSameAsNonexistent(supervisor, id, (x) => ['GET', `/db/nominas/${x}?open_revs=all&revs=true&latest=true`]);
    await expectSameAsNonexistent(supervisor, id, (x) => ['GET', `/db/nominas/${x}?open_revs=${encodeURIComponent(JSON.stringify([rev]))}&revs=true`]);
  });
});

describe('a captación reassigned away takes its history with it', () => {
  let oldRev: string;
  let newRev: string;

  beforeAll(async () => {
    const db = await gw.store.db('captaciones');
    await seed(gw.store, 'captaciones', [cap('reasignada', supervisor.id), cap('propia', supervisor.id), cap('recibida', agente.id)]);
    const before = await db.get('reasignada');
    oldRev = before._rev as string;
    newRev = (await db.put({ ...before, captacion: { ...(before.captacion as object), asesor: agente.id } })).rev as string;
    // And one reassigned to the supervisor: its older revisions belong to the document they now read.
    const received = await db.get('recibida');
    await db.put({ ...received, captacion: { ...(received.captacion as object), asesor: supervisor.id } });
  });

  it('the old revision, once in scope, now answers like a document that never existed', async () => {
    await expectSameAsNonexistent(supervisor, 'reasignada', (x) => ['POST', '/db/captaciones/_bulk_get?revs=true', { docs: [{ id: x, rev: oldRev }] }]);
    await expectSameAsNonexistent(supervisor, 'reasignada', (x) => ['POST', '/db/captaciones/_bulk_get?revs=true&latest=true', { docs: [{ id: x, rev: oldRev }, { id: x, rev: newRev }] }]);
    await expectSameAsNonexistent(supervisor, 'reasignada', (x) => ['GET', `/db/captaciones/${x}?rev=${oldRev}&revs=true`]);
    await expectSameAsNonexistent(supervisor, 'reasignada', (x) => ['GET', `/db/captaciones/${x}?open_revs=${encodeURIComponent(JSON.stringify([oldRev]))}`]);
    await expectSameAsNonexistent(supervisor, 'reasignada', (x) => ['POST', '/db/captaciones/_revs_diff', { [x]: [oldRev, newRev] }]);
  });

  it('the new adviser reads every revision, and so does the supervisor of a captación reassigned to them', async () => {
    const r = await agente.client.json('GET', `/db/captaciones/reasignada?rev=${oldRev}`);
    expect(r.status).toBe(200);
    expect(r.body.captacion.asesor).toBe(supervisor.id);
    const received = await gw.store.db('captaciones').then((db) => db.getOpenRevs('recibida', 'all', { revs: true }));
    const first = (received[0] as { ok: { _revisions: { start: number; ids: string[] } } }).ok._revisions;
    const firstRev = `${first.start - 1}-${first.ids[1]}`;
    const got = await supervisor.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'recibida', rev: firstRev }] });
    expect(got.body.results[0].docs[0].ok.captacion.asesor).toBe(agente.id);
  });

  it("a deletion's tombstone decides: nonexistent for anyone else, and for its adviser it left their device set", async () => {
    const db = await gw.store.db('captaciones');
    const own = await db.get('propia');
    const ownTomb = (await db.put(captacionTombstone('propia', own._rev, supervisor.id))).rev as string;
    await seed(gw.store, 'captaciones', [cap('ajena-borrada', agente.id)]);
    const gone = await db.get('ajena-borrada');
    const tomb = (await db.put(captacionTombstone('ajena-borrada', gone._rev, agente.id))).rev as string;

    // A device set holds captaciones that exist (issue 34): the adviser's devices drop a deleted
    // one as it leaves their set, and its revisions read as a record outside the set does.
    await gw.gateway.caughtUp();
    for (const rev of [ownTomb, own._rev as string]) {
      await expectSameAsNonexistent(supervisor, 'propia', (x) => ['POST', '/db/captaciones/_bulk_get?revs=true', { docs: [{ id: x, rev }] }]);
    }
    for (const rev of [tomb, gone._rev as string]) {
      await expectSameAsNonexistent(supervisor, 'ajena-borrada', (x) => ['POST', '/db/captaciones/_bulk_get?revs=true', { docs: [{ id: x, rev }] }]);
      await expectSameAsNonexistent(supervisor, 'ajena-borrada', (x) => ['POST', '/db/captaciones/_revs_diff', { [x]: [rev] }]);
      await expectSameAsNonexistent(supervisor, 'ajena-borrada', (x) => ['GET', `/db/captaciones/${x}?rev=${rev}`]);
    }
    await expectSameAsNonexistent(supervisor, 'ajena-borrada', (x) => ['POST', '/db/captaciones/_bulk_get', { docs: [{ id: x }] }]);
  });
});

describe('a captación in conflict: its winner decides, and each revision asked is answered alone', () => {
  const lose = 'a'.repeat(32);
  const win = 'f'.repeat(32);
  let base: string;

  /** Two leaves on top of the captación's first revision: `2-fff…` wins over `2-aaa…`. */
  async function conflicted(id: string, winnerAsesor: string, loserAsesor: string): Promise<void> {
    await seed(gw.store, 'captaciones', [cap(id, winnerAsesor)]);
    const db = await gw.store.db('captaciones');
    const first = await db.get(id);
    base = first._rev as string;
    const leaf = (hash: string, asesor: string) => ({
      ...first,
      _rev: `2-${hash}`,
      _revisions: { start: 2, ids: [hash, base.slice(2)] },
      captacion: { ...(first.captacion as object), asesor },
    });
    await db.bulkDocs([leaf(win, winnerAsesor), leaf(lose, loserAsesor)], { new_edits: false });
    // Written behind the gateway's back: its winner's adviser holds it on their device once the list's directory follows.
    await gw.gateway.caughtUp();
  }

  it('the losing leaf of a captación the person advises is theirs to read, alone; its ancestor too', async () => {
    await conflicted('en-conflicto', supervisor.id, agente.id);
    const got = await supervisor.client.json('POST', '/db/captaciones/_bulk_get?revs=true&latest=true', {
      docs: [{ id: 'en-conflicto', rev: `2-${lose}` }, { id: 'en-conflicto' }, { id: 'en-conflicto', rev: base }],
    });
    const [losing, every, ancestor] = got.body.results as Array<{ docs: Array<{ ok: { _rev: string; captacion: { asesor: string } } }> }>;
    expect(losing.docs.map((d) => d.ok._rev)).toEqual([`2-${lose}`]);
    expect(losing.docs[0].ok.captacion.asesor).toBe(agente.id);
    expect(every.docs.map((d) => d.ok._rev).sort()).toEqual([`2-${lose}`, `2-${win}`]);
    // With `latest`, an ancestor answers the leaves that descend from it, as CouchDB does.
    expect(ancestor.docs.map((d) => d.ok._rev).sort()).toEqual([`2-${lose}`, `2-${win}`]);
    const plain = await supervisor.client.json('POST', '/db/captaciones/_bulk_get?revs=true', { docs: [{ id: 'en-conflicto', rev: base }] });
    expect(plain.body.results[0].docs.map((d: { ok: { _rev: string } }) => d.ok._rev)).toEqual([base]);
  });

  it('a leaf that names the person is hidden when the winner names someone else', async () => {
    await conflicted('conflicto-ajeno', agente.id, supervisor.id);
    for (const docs of [(x: string) => [{ id: x, rev: `2-${lose}` }], (x: string) => [{ id: x }], (x: string) => [{ id: x, rev: base }]]) {
      await expectSameAsNonexistent(supervisor, 'conflicto-ajeno', (x) => ['POST', '/db/captaciones/_bulk_get?revs=true', { docs: docs(x) }]);
    }
    const theirs = await agente.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: 'conflicto-ajeno', rev: `2-${lose}` }] });
    expect(theirs.body.results[0].docs[0].ok.captacion.asesor).toBe(supervisor.id);
  });
});
