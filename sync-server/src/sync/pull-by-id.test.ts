import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { sampleFotoDoc } from '../../../couch-design/fotos/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { ids, localDb, pullInto, remoteDb, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * Issue 34 item 4: a device set's first pull is listed by id (pull-by-id.ts), not read off the
 * store's feed from its start; the device must get exactly what that feed would have given, every
 * leaf included, and an interrupted pull goes on where it stopped.
 */
const gw = gatewayForFile({ wholeScopeOnDevices: false });
let asesor: Person, otro: Person;
type Doc = Record<string, any>;
const cap = (id: string, asesorId: string, extra: Doc = {}) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id, ...extra });
const hash = (c: string) => c.repeat(32);

beforeAll(async () => {
  asesor = await signedIn(gw, 'asesor');
  otro = await signedIn(gw, 'asesor');
  await seed(gw.store, 'captaciones', [cap('otra', otro.id), ...['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => cap(id, asesor.id))]);
  // A conflicted record of the set: two live leaves and a deleted third, written as replication does.
  const body = cap('pc', asesor.id);
  const db = await gw.store.db('captaciones');
  await db.bulkDocs(
    [
      { ...body, _rev: `1-${hash('a')}` },
      { ...body, _rev: `1-${hash('b')}`, tipo_tramite: 'Crédito' },
      { ...body, _rev: `1-${hash('c')}`, tipo_tramite: 'Contado' },
      { _id: 'pc', _rev: `2-${hash('d')}`, _deleted: true, _revisions: { start: 2, ids: [hash('d'), hash('c')] }, type: body.type, captacion: body.captacion },
    ],
    { new_edits: false },
  );
  await seed(gw.store, 'fotos', [sampleFotoDoc('p1', 'u1'), sampleFotoDoc('otra', 'u1')]);
});

const leafRevs = async (device: PouchDB.Database, id: string): Promise<string[]> =>
  (await device.get(id, { open_revs: 'all' })).flatMap((l) => ('ok' in l ? [l.ok._rev] : [])).sort();

describe('a device set’s first pull, listed by id', () => {
  it('gives the set and nothing else, every leaf of a conflicted record, deletions included', async () => {
    const device = await pullInto(gw, asesor, 'captaciones');
    expect(await ids(device)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'pc']);
    expect(await leafRevs(device, 'pc')).toEqual([`1-${hash('a')}`, `1-${hash('b')}`, `2-${hash('d')}`]);
    const winner = (await device.get('pc', { conflicts: true })) as Doc;
    expect(winner._rev).toBe(`1-${hash('b')}`);
    expect(winner._conflicts).toEqual([`1-${hash('a')}`]);
  });

  it('goes on where an interrupted pull stopped, and what changed meanwhile follows', async () => {
    const device = localDb();
    const first = device.replicate.from(remoteDb(gw.url, 'captaciones', asesor.cookie), { retry: false, batch_size: 2, batches_limit: 1 });
    // PouchDB writes a batch's checkpoint after its 'change': stopping at the second keeps the first's.
    let batches = 0;
    first.on('change', () => ++batches === 2 && first.cancel());
    await first;
    const had = await ids(device);
    expect(had.length).toBeGreaterThan(0);
    expect(had.length).toBeLessThan(7);

    // An edit of a record already listed, made after the listing began: it comes after it.
    const db = await gw.store.db('captaciones');
    const p1 = await db.get('p1');
    const edited = await db.put({ ...p1, estatus_actual: 'En revisión' });

    const asked: string[] = [];
    await device.replicate.from(remoteDb(gw.url, 'captaciones', asesor.cookie, (url) => asked.push(url)), { retry: false, batch_size: 2 });
    const feeds = asked.filter((u) => u.includes('/_changes')).map((u) => new URL(u).searchParams.get('since'));
    // The checkpoint was a listing cursor: the second pull did not start over.
    expect(feeds[0]).toMatch(/^ids-/);
    expect(await ids(device)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'pc']);
    expect(((await device.get('p1')) as Doc)._rev).toBe(edited.rev);
  });

  it('honours the client’s own doc_ids', async () => {
    const feed = await asesor.client.json('POST', '/db/captaciones/_changes?filter=_doc_ids&style=all_docs', { doc_ids: ['p2', 'otra', 'pc'] });
    expect(feed.status).toBe(200);
    expect(feed.body.results.map((r: Doc) => [r.id, r.changes.length])).toEqual([['p2', 1], ['pc', 3]]);
  });

  it('a listing cursor of the set handed to a child database lists its children from the start', async () => {
    const page = await asesor.client.json('GET', '/db/captaciones/_changes?limit=1');
    expect(page.body.last_seq).toMatch(/^ids-/);
    const photos = await asesor.client.json('GET', `/db/fotos/_changes?since=${encodeURIComponent(page.body.last_seq)}`);
    expect(photos.status).toBe(200);
    expect(photos.body.results.map((r: Doc) => r.id)).toEqual(['foto:p1:u1']);
  });
});
