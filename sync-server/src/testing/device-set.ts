/** What a person's device set holds (issue 34), as the tests of sync and of the PWA's engine put records in it and read it. */
import { DEVICE_SET_PATH } from '../../../couch-design/captacion/device-set';
import type { HttpClient, TestGateway } from './gateway';

interface Someone {
  client: HttpClient;
}

/**
 * The person opens these captaciones online (their REST detail), as a user does before working on
 * them offline: each one they may read joins their device set (issue 34), the rest answer 404.
 * Resolves with each answer's status, once the list's directory has caught up with the store.
 */
export async function openOnline(gw: TestGateway, person: Someone, captacionIds: readonly string[]): Promise<number[]> {
  await gw.gateway.caughtUp();
  const statuses: number[] = [];
  for (const id of captacionIds) statuses.push((await person.client.json('GET', `/api/captaciones/${encodeURIComponent(id)}`)).status);
  return statuses;
}

/** The ids of the person's device set (issue 34), once the list's directory has caught up with the store. */
export async function deviceSetIds(gw: TestGateway, person: Someone): Promise<string[]> {
  await gw.gateway.caughtUp();
  return (await person.client.json<{ ids: string[] }>('GET', DEVICE_SET_PATH)).body.ids;
}
