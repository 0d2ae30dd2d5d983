import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { localDb, openOnline, pullInto, remoteDb, seed, signedIn, type ClientDb, type Person } from '../testing/pouch-client';

/**
 * A conflict resolved on one device (the winner rewritten, the losing leaf deleted, as the PWA's
 * 'Resolver conflicto' does) leaves a tombstone on a losing branch. Every revision the feed lists
 * must be readable, or every device that was not online during the resolution never finishes a sync.
 */
const gw = gatewayForFile();
let admin: Person, asesor: Person, ayudante: Person, supervisor: Person;
type Doc = Record<string, any>;

beforeAll(async () => {
  admin = await signedIn(gw, 'Administrador');
  asesor = await signedIn(gw, 'asesor');
  ayudante = await signedIn(gw, 'ayudante de administrador');
  supervisor = await signedIn(gw, 'supervisor de obra');
});

const remote = (p: Person) => remoteDb(gw.url, 'captaciones', p.cookie);
const push = (local: ClientDb, p: Person) => local.replicate.to(remote(p), { retry: false });
const pull = (local: ClientDb, p: Person) => local.replicate.from(remote(p), { retry: false });

interface Resolved {
  id: string;
  winner: string;
  tombstone: string;
}

/** Two devices of the asesor edit one captación offline; the first resolves the conflict and pushes. */
async function conflictResolved(id: string, adviser: Person, before: Array<[ClientDb, Person]>): Promise<Resolved> {
  await seed(gw.store, 'captaciones', [{ ...sampleCaptacion({ captacion: { asesor: adviser.id } }), _id: id }]);
  // Everyone who reads every captación opened it online: it is on their devices too (issue 34).
  for (const p of [asesor, ayudante, admin]) await openOnline(gw, p, [id]);
  const a = await pullInto(gw, asesor, 'captaciones');
  for (const [device, person] of before) expect((await pull(device, person)).ok).toBe(true);
  const b = await pullInto(gw, asesor, 'captaciones');
  await a.put({ ...((await a.get(id)) as Doc), tipo_tramite: 'Contado' });
  await b.put({ ...((await b.get(id)) as Doc), tipo_tramite: 'Crédito' });
  expect((await push(a, asesor)).doc_write_failures).toBe(0);
  expect((await push(b, asesor)).doc_write_failures).toBe(0);
  await pull(a, asesor);
  const current = (await a.get(id, { conflicts: true })) as Doc;
  expect(current._conflicts).toHaveLength(1);
  const losers = await Promise.all((current._conflicts as string[]).map((rev) => a.get(id, { rev })));
  const { _conflicts: _omit, ...chosen } = current;
  const written = await a.put({ ...chosen, tipo_tramite: 'Crédito' });
  const [deleted] = await a.bulkDocs(losers.map((d) => ({ ...d, _deleted: true })));
  expect((await push(a, asesor)).doc_write_failures).toBe(0);
  return { id, winner: written.rev, tombstone: (deleted as { rev: string }).rev };
}

async function leafRevs(device: ClientDb, id: string): Promise<string[]> {
  const leaves = await device.get(id, { open_revs: 'all' });
  return leaves.flatMap((l) => ('ok' in l ? [l.ok._rev] : [])).sort();
}

describe('after a conflict is resolved on one device', () => {
  it('every device of every role replicates to the end: fresh ones and ones offline all along', async () => {
    const offline: Array<[ClientDb, Person]> = [asesor, ayudante, supervisor, admin].map((p) => [localDb(), p]);
    const done = await conflictResolved('resuelta-1', supervisor, offline);
    for (const p of [asesor, ayudante, supervisor, admin]) {
      const fresh = localDb();
      const res = await pull(fresh, p);
      expect(res.ok, p.role).toBe(true);
      expect(res.doc_write_failures).toBe(0);
      expect(((await fresh.get(done.id)) as Doc).tipo_tramite, p.role).toBe('Crédito');
      expect(await leafRevs(fresh, done.id), p.role).toEqual([done.tombstone, done.winner].sort());
    }
    for (const [device, p] of offline) {
      const res = await pull(device, p);
      expect(res.ok, p.role).toBe(true);
      expect(((await device.get(done.id, { conflicts: true })) as Doc)._conflicts, p.role).toBeUndefined();
      expect(((await device.get(done.id)) as Doc).tipo_tramite, p.role).toBe('Crédito');
    }
  });

  it('the tombstone the feed lists is readable by _bulk_get, open_revs and GET ?rev=, within the scope only', async () => {
    const done = await conflictResolved('resuelta-2', supervisor, []);
    const feed = await supervisor.client.json('GET', '/db/captaciones/_changes?style=all_docs');
    const listed = feed.body.results.find((r: Doc) => r.id === done.id).changes.map((c: Doc) => c.rev).sort();
    expect(listed).toEqual([done.tombstone, done.winner].sort());

    const bulk = await supervisor.client.json('POST', '/db/captaciones/_bulk_get?revs=true', { docs: [{ id: done.id, rev: done.tombstone }] });
    const [entry] = bulk.body.results[0].docs;
    expect(entry.ok).toMatchObject({ _id: done.id, _rev: done.tombstone, _deleted: true, captacion: { asesor: supervisor.id } });

    const open = await supervisor.client.json('GET', `/db/captaciones/${done.id}?open_revs=${encodeURIComponent(JSON.stringify([done.tombstone]))}`);
    expect(open.status).toBe(200);
    expect(open.body).toEqual([{ ok: expect.objectContaining({ _rev: done.tombstone, _deleted: true }) }]);

    const byRev = await supervisor.client.json('GET', `/db/captaciones/${done.id}?rev=${done.tombstone}`);
    expect(byRev.status).toBe(200);
    expect(byRev.body).toMatchObject({ _rev: done.tombstone, _deleted: true });

    // Asked by id alone, as CouchDB's open_revs=all: every leaf, the tombstone included, for a
    // scoped reader and for one who reads the whole database alike.
    for (const reader of [supervisor, admin]) {
      const byId = await reader.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: done.id }] });
      const revs = byId.body.results[0].docs.map((e: Doc) => (e.ok as Doc)._rev).sort();
      expect(revs, reader.role).toEqual([done.tombstone, done.winner].sort());
    }

    const diff = await supervisor.client.json('POST', '/db/captaciones/_revs_diff', { [done.id]: [done.tombstone, done.winner] });
    expect(diff.body).toEqual({});

    // Another supervisor reads nothing of it, the tombstone included: as if it never existed.
    const other = await signedIn(gw, 'supervisor de obra');
    const hidden = await other.client.json('POST', '/db/captaciones/_bulk_get', { docs: [{ id: done.id, rev: done.tombstone }] });
    expect(hidden.body.results[0].docs[0].error).toMatchObject({ error: 'not_found' });
    expect((await other.client.json('GET', `/db/captaciones/${done.id}?rev=${done.tombstone}`)).status).toBe(404);
  });
});
