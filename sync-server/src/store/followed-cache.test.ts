import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cuttable } from '../testing/cuttable-store';
import { eventually } from '../testing/eventually';
import { testStore } from '../testing/store';
import { FollowedCache } from './followed-cache';
import { FRESH_FOR_MS, Follower } from './follower';
import type { Store, StoreDb } from './port';

/** What a gateway keeps of shared records stays true while another process writes them. */
let store: Store;
let db: StoreDb;
let follower: Follower;

beforeAll(async () => {
  store = await testStore();
  db = await store.db('usuarios');
  follower = new Follower(db);
  await follower.start();
});

afterAll(async () => {
  follower?.stop();
  await store?.close();
});

const reader = () => {
  let reads = 0;
  const load = async (id: string) => {
    reads++;
    return (await db.get(id).catch(() => null))?.v ?? null;
  };
  return { load, reads: () => reads };
};

describe('a cache that follows its database', () => {
  it('answers from memory until the record changes, by any writer, then reads the new value', async () => {
    const cache = new FollowedCache<unknown>(follower);
    const r = reader();
    const seen = new Promise<void>((resolve) => follower.onChange((ids) => ids.includes('a') && resolve()));
    const first = await db.put({ _id: 'a', type: 'usuario', v: 1 });
    await seen;
    expect(await cache.get('a', r.load)).toBe(1);
    expect(await cache.get('a', r.load)).toBe(1);
    expect(r.reads()).toBe(1);
    // Written straight into the store, as another gateway would.
    await db.put({ _id: 'a', _rev: first.rev, type: 'usuario', v: 2 });
    await eventually(async () => (await cache.get('a', r.load)) === 2, 'el cambio llega a la memoria', 5_000);
  });

  it('never keeps a value read before a change that arrived while it was being read', async () => {
    const cache = new FollowedCache<unknown>(follower);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get('b', async () => {
      await gate;
      return 'antiguo';
    });
    cache.forget('b');
    release();
    expect(await slow).toBe('antiguo');
    expect(await cache.get('b', async () => 'actual')).toBe('actual');
  });

  it('keeps nothing while its feed is lost', async () => {
    const lost = new Follower(db);
    const cache = new FollowedCache<unknown>(lost);
    const r = reader();
    await cache.get('a', r.load);
    await cache.get('a', r.load);
    expect(r.reads()).toBe(2);
  });

  it('stops trusting memory within a few seconds of its feed going silent, and trusts it again once the feed answers', async () => {
    const silenced = cuttable(store);
    const quiet = new Follower(await silenced.db('usuarios'));
    await quiet.start();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const cache = new FollowedCache<unknown>(quiet);
      const r = reader();
      await cache.get('a', r.load);
      await cache.get('a', r.load);
      expect(r.reads()).toBe(1);
      // The store answers reads but its feed answers nothing: neither rows, nor its empty answer, nor an error.
      silenced.silence('usuarios', 'changes');
      await eventually(async () => {
        const before = r.reads();
        await cache.get('a', r.load);
        return r.reads() > before;
      }, 'la memoria deja de valer con el seguimiento callado', FRESH_FOR_MS + 10_000);
      // Then the unanswered longpoll is given up, and the operator is told.
      await eventually(() => logged.mock.calls.some((c) => String(c[0]).includes('Se perdió el seguimiento de cambios')), 'la pasarela dice que el seguimiento se perdió', 30_000);
      silenced.reconnect();
      await eventually(() => quiet.live, 'el seguimiento vuelve a contestar', 30_000);
      await cache.get('a', r.load);
      const reads = r.reads();
      await cache.get('a', r.load);
      expect(r.reads()).toBe(reads);
    } finally {
      quiet.stop();
      logged.mockRestore();
    }
  });
});
