/** The CouchDB adapter on the real CouchDB at COUCHDB_URL, listed after a node that is down. `npm run test:couchdb` only. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { couchdbUnderTest } from '../testing/store';
import { downNode } from './couch-test-nodes';
import { createCouchStore } from './couchdb';

const COUCH = couchdbUnderTest()!;
describe('couchdb adapter on a real CouchDB behind a node that is down', () => {
  it('reads, writes and follows changes through the node that is up', async () => {
    const down = await downNode();
    const prefix = `fo${randomUUID().slice(0, 8)}_`;
    const s = createCouchStore(`${down.url},${COUCH}`, prefix, { log: () => undefined });
    try {
      const db = await s.db('captaciones');
      const w = await db.put({ _id: 'uno', type: 'captacion' });
      expect(await db.get('uno')).toMatchObject({ _id: 'uno', _rev: w.rev });
      const ch = await db.changes({ since: '0' });
      expect(ch.results.map((r) => r.id)).toContain('uno');
      const waiting = db.changes({ feed: 'longpoll', since: ch.last_seq, timeout: 10_000 });
      await db.put({ _id: 'dos', type: 'captacion' });
      expect((await waiting).results.map((r) => r.id)).toEqual(['dos']);
    } finally {
      await s.destroy('captaciones');
    }
  });
});
