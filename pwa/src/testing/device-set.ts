/**
 * What the tests of a device leaving records (device set, storage budget) share: a person signed
 * in against a real gateway with a tab of their own and another adviser, their fixtures, and
 * whether the device holds a record. Imported by tests only.
 */
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { sampleFotoDoc } from '../../../couch-design/fotos/fixtures';
import type { TestGateway } from '../../../sync-server/src/testing/gateway';
import { getLocalDb } from '../lib/db/index';
import { destroyLocalDbs, setActiveUser } from '../lib/db/registry';
import { FakeNetwork, FakeTab } from './local-data';

export const captacionFor = (id: string, asesor: string) => ({ ...sampleCaptacion({ captacion: { asesor, fecha: '2025-04-01' } }), _id: id });

export const fotoFor = (captacionId: string, uuid: string, bytes = 1) => ({ ...sampleFotoDoc(captacionId, uuid), bytes });

export async function hasLocal(db: 'captaciones' | 'fotos', id: string): Promise<boolean> {
  try {
    await getLocalDb(db).get(id);
    return true;
  } catch {
    return false;
  }
}

/** A person signed in on this device (their local databases dropped after the test), and another adviser. */
export async function personOnDevice(gw: TestGateway, cleanups: Array<() => Promise<void>>) {
  const otro = await gw.createUser({ role: 'user' });
  const u = await gw.createUser({ role: 'user' });
  const client = await gw.client().signIn(u.email, u.password);
  const tab = new FakeTab(client.cookie, new FakeNetwork(true));
  setActiveUser(u.id);
  cleanups.push(() => destroyLocalDbs(u.id));
  return { otro, u, client, tab };
}
