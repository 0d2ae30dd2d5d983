import '../../testing/local-data';
import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { destroyLocalDbs, dbFor, setActiveUser } from '../db/registry';
import type { FetchFn } from '../db/pouch';
import { FakeNetwork, FakeTab } from '../../testing/local-data';
import { gatewayForFile } from '../../testing/engine-suite';
import { remoteDb } from './replication';

const gateway = gatewayForFile();

describe('the gateway’s databases as replication sees them', () => {
  it('a connection lost while PouchDB counts a pull’s progress is no unhandled failure, and the pull goes on', async () => {
    const gw = gateway();
    const u = await gw.createUser({ role: 'user' });
    const client = await gw.client().signIn(u.email, u.password);
    const docs = Array.from({ length: 6 }, (_, i) => ({ ...sampleCaptacion({ captacion: { asesor: u.id } }), _id: `cap-progreso-${i}` }));
    expect((await client.json('POST', '/db/captaciones/_bulk_docs', { docs })).status).toBe(201);

    const tab = new FakeTab(client.cookie, new FakeNetwork(true));
    // PouchDB asks the database's root (its info) after each batch only to count progress.
    const infoPath = '/db/captaciones/';
    let infoAsked = 0;
    const fetchFn: FetchFn = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname === infoPath && ++infoAsked > 1) return Promise.reject(new TypeError('fetch failed'));
      return tab.fetch(input, init);
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    setActiveUser(u.id);
    try {
      const local = dbFor(u.id, 'captaciones');
      await local.replicate.from(remoteDb(gw.url, 'captaciones', fetchFn), { batch_size: 2 });
      // Let any rejection nobody caught be reported before looking.
      await new Promise((resolve) => setImmediate(resolve));
      expect(infoAsked).toBeGreaterThan(1);
      expect(unhandled).toEqual([]);
      const ids = (await local.allDocs()).rows.map((r) => r.id).filter((id) => id.startsWith('cap-progreso-'));
      expect(ids.sort()).toEqual(docs.map((d) => d._id));
    } finally {
      process.off('unhandledRejection', onUnhandled);
      setActiveUser(null);
      await destroyLocalDbs(u.id);
    }
  });
});
