import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/port';
import { startGateway, type TestGateway } from '../testing/gateway';
import { signedIn, type Person } from '../testing/pouch-client';
import { testStore } from '../testing/store';
import { INSTANCE_DOC, instanceOf } from './instance';

/**
 * The replication uuid of `GET /db/` follows the synced databases' instances: the same across
 * gateway restarts (devices resume from their checkpoints), new when a synced database was
 * recreated (devices, which keep their checkpoints on their side only, start again).
 */
const open: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const close of open.reverse()) await close();
});

async function gatewayOn(store: Store, dbPrefix: string): Promise<TestGateway> {
  const gw = await startGateway({ store, dbPrefix });
  open.push(() => gw.close());
  return gw;
}

async function uuidOf(gw: TestGateway, person: Person): Promise<string> {
  const res = await fetch(`${gw.url}/db/`, { headers: { cookie: person.cookie, accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { uuid: string }).uuid;
}

describe('replication identity and the synced databases’ instances', () => {
  it('keeps the uuid across restarts and changes it when a synced database is recreated', async () => {
    const first = await startGateway();
    const { store, config } = first;
    open.push(() => store.close());
    const ana = await signedIn(first, 'user');
    const original = await uuidOf(first, ana);
    await first.close({ keepStore: true });

    const restarted = await gatewayOn(store, config.dbPrefix);
    expect(await uuidOf(restarted, ana)).toBe(original);
    await restarted.close();

    await store.destroy('nominas');
    const afterNominas = await gatewayOn(store, config.dbPrefix);
    const second = await uuidOf(afterNominas, ana);
    expect(second).not.toBe(original);
    await afterNominas.close();

    await store.destroy('captaciones');
    const afterCaptaciones = await gatewayOn(store, config.dbPrefix);
    expect(await uuidOf(afterCaptaciones, ana)).not.toBe(second);
  });

  it('keeps the instance id out of clients’ reach', async () => {
    const gw = await startGateway();
    open.push(() => gw.close());
    const ana = await signedIn(gw, 'user');
    const before = await uuidOf(gw, ana);
    const stored = await instanceOf(await gw.store.db('captaciones'));

    const read = await ana.client.json('GET', `/db/captaciones/_local/${INSTANCE_DOC}`);
    expect(read.status).toBe(404);
    const write = await ana.client.json('PUT', `/db/captaciones/_local/${INSTANCE_DOC}`, { id: 'otra' });
    expect(write.status).toBe(201);

    // The person's document of that name is theirs alone; the database's id did not move.
    expect(await instanceOf(await gw.store.db('captaciones'))).toBe(stored);
    expect(await uuidOf(gw, ana)).toBe(before);
  });

  it('gives gateway processes that start together one instance id', async () => {
    const store = await testStore();
    open.push(() => store.close());
    const db = await store.db('captaciones');
    const ids = await Promise.all(Array.from({ length: 4 }, () => instanceOf(db)));
    expect(new Set(ids).size).toBe(1);
    expect((await db.getLocal(INSTANCE_DOC)).id).toBe(ids[0]);
  });
});
