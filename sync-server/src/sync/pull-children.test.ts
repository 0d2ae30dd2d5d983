import { beforeAll, describe, expect, it } from 'vitest';
import { childTombstone } from '../../../couch-design/child-entity';
import { syncedEntities } from '../../../couch-design/entities';
import type { ChildLink } from '../../../couch-design/entity';
import { captacionOf, seed as seedCaptaciones } from '../testing/captaciones';
import { gatewayForFile } from '../testing/per-file';
import { ids, localDb, openOnline, remoteDb, seed, signedIn, type ClientDb, type Person } from '../testing/pouch-client';

/**
 * Issue 34 item 4: the children of a device set (every entity declared child-of the set's
 * database) are listed by id through the relation's index (pull-children.ts), not found by reading
 * the store's feed from its start; a parent joining the set brings the children it already had,
 * without the children's pull starting from zero, and a deletion made meanwhile still reaches the
 * device. Nothing outside the set or the scope is ever served.
 */
const gw = gatewayForFile({ wholeScopeOnDevices: false });
const setDb = syncedEntities().find((e) => e.sync.deviceSet)!.database;
const links: ChildLink[] = syncedEntities().flatMap((e) => (e.sync.childOf?.parent === setDb ? [e.sync.childOf] : []));
let asesor: Person, otro: Person, admin: Person;

const child = (link: ChildLink, parentId: string, n: number) => ({ _id: `${link.docType}:${parentId}:${n}`, type: link.docType, [link.field]: parentId });
/** Three children of each parent, in every child database. */
const childrenOf = (link: ChildLink, parents: string[]): string[] => parents.flatMap((p) => [1, 2, 3].map((n) => child(link, p, n)._id)).sort();

beforeAll(async () => {
  [asesor, otro, admin] = [await signedIn(gw, 'asesor'), await signedIn(gw, 'asesor'), await signedIn(gw, 'administrator')];
  const own = (id: string, who: Person, day: number) => ({ ...captacionOf(who.id, day), _id: id });
  await seedCaptaciones(gw, [own('mia-1', asesor, 1), own('mia-2', asesor, 2), own('ajena-1', otro, 3), own('ajena-2', otro, 4)]);
  for (const link of links) await seed(gw.store, link.database, ['mia-1', 'mia-2', 'ajena-1', 'ajena-2'].flatMap((p) => [1, 2, 3].map((n) => child(link, p, n))));
});

/** One pull of a child database into `device`; resolves with the `since` of each `_changes` it asked and the store's own feed reads. */
async function pull(link: ChildLink, person: Person, device: ClientDb): Promise<{ asked: string[]; storeSince: string[] }> {
  const store = await gw.store.db(link.database);
  const storeSince: string[] = [];
  const changes = store.changes.bind(store);
  store.changes = (opts) => {
    storeSince.push(String(opts.since ?? '0'));
    return changes(opts);
  };
  const asked: string[] = [];
  try {
    await device.replicate.from(
      remoteDb(gw.url, link.database, person.cookie, (url) => url.includes('/_changes') && asked.push(new URL(url).searchParams.get('since') ?? '0')),
      { retry: false, batch_size: 2 },
    );
  } finally {
    store.changes = changes;
  }
  return { asked, storeSince };
}

describe('the children of a device set, listed by id', () => {
  it('a fresh device gets every child of its set by id, without reading the feed from its start, and nothing else', async () => {
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const device = localDb();
      const { asked, storeSince } = await pull(link, asesor, device);
      expect(await ids(device)).toEqual(childrenOf(link, ['mia-1', 'mia-2']));
      expect(asked[0]).toBe('0');
      // Listed in pages of two: cursors of the listing, then the feed from where the listing began.
      expect(asked.slice(1).every((since) => since.startsWith('hijos-'))).toBe(true);
      expect(storeSince).not.toContain('0');
    }
  });

  it('a captación joining the set brings the children it had; a deletion made meanwhile reaches the device; its pull does not start over', async () => {
    for (const link of links) {
      // A person of their own per child database: each begins with a set of one.
      const admin = await signedIn(gw, 'administrator');
      const device = localDb();
      await openOnline(gw, admin, [`mia-1`]);
      await pull(link, admin, device);
      const had = await ids(device);
      expect(had).toEqual(expect.arrayContaining(childrenOf(link, ['mia-1'])));
      expect(had.some((id) => id.includes(':ajena-'))).toBe(false);

      // One of its children is deleted (the tombstone keeps the owner fields), then another captación joins.
      const store = await gw.store.db(link.database);
      const gone = child(link, 'mia-1', 2)._id;
      await store.bulkDocs([childTombstone(link, await store.get(gone)) as never]);
      expect(await openOnline(gw, admin, ['ajena-1'])).toEqual([200]);

      const { asked, storeSince } = await pull(link, admin, device);
      // The same replication identity: it went on from its checkpoint, under the set it was listed from.
      expect(asked[0]).toMatch(/^hijos-/);
      expect(storeSince).not.toContain('0');
      const now = await ids(device);
      expect(now).toEqual(expect.arrayContaining(childrenOf(link, ['ajena-1'])));
      expect(now).not.toContain(gone);
      expect(now.some((id) => id.includes(':ajena-2:'))).toBe(false);
    }
  });

  it('the welcome of a child database leaves the set out of its uuid, and only that', async () => {
    const before = await Promise.all([admin.client.json('GET', '/db/'), admin.client.json('GET', '/db/?hijos')]);
    await openOnline(gw, admin, ['ajena-2']);
    const after = await Promise.all([admin.client.json('GET', '/db/'), admin.client.json('GET', '/db/?hijos')]);
    expect(after[0].body.set).not.toBe(before[0].body.set);
    expect(after[0].body.uuid).not.toBe(before[0].body.uuid);
    expect(after[1].body.uuid).toBe(before[1].body.uuid);
    expect(after[1].body.uuid).not.toBe(after[0].body.uuid);
  });

  it('honours the client’s own doc_ids while listing', async () => {
    const [link] = links;
    const wanted = [child(link, 'mia-2', 1)._id, child(link, 'ajena-1', 1)._id];
    const feed = await asesor.client.json('POST', `/db/${link.database}/_changes?filter=_doc_ids`, { doc_ids: wanted });
    expect(feed.status).toBe(200);
    expect(feed.body.results.map((r: { id: string }) => r.id)).toEqual([wanted[0]]);
  });
});
