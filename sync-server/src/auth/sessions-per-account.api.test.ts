/**
 * One account keeps at most MAX_SESSIONS_PER_ACCOUNT sessions (issue 18, point 4): each sign-in
 * past that ends the oldest, so a loop of sign-ins cannot pile up sessions that every gateway
 * stores and follows.
 */
import { describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { HttpClient } from '../testing/gateway';
import { MAX_SESSIONS_PER_ACCOUNT } from './routes';

const gw = gatewayForFile();

const signedIn = async (c: HttpClient): Promise<boolean> => (await c.json('GET', '/api/check-auth')).body.authenticated === true;

async function storedSessionsOf(userId: string): Promise<number> {
  const { docs } = await (await gw.store.db('sesiones')).find({ selector: { 'session.passport.user': userId }, fields: ['_id'] });
  return docs.length;
}

describe('sessions per account', () => {
  it(`keeps the newest ${MAX_SESSIONS_PER_ACCOUNT} and ends the oldest`, async () => {
    const p = await gw.createUser();
    const other = await gw.createUser();
    const theirs = await gw.client().signIn(other.email, other.password);
    const clients: HttpClient[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT + 2; i++) clients.push(await gw.client().signIn(p.email, p.password));
    expect(await storedSessionsOf(p.id)).toBe(MAX_SESSIONS_PER_ACCOUNT);
    expect(await signedIn(clients[0])).toBe(false);
    expect(await signedIn(clients[1])).toBe(false);
    for (const c of clients.slice(2)) expect(await signedIn(c)).toBe(true);
    // Another person's sessions are not touched.
    expect(await signedIn(theirs)).toBe(true);
  });

  it('keeps a session in use even if it was created first, as long as it is among the newest', async () => {
    const p = await gw.createUser();
    const first = await gw.client().signIn(p.email, p.password);
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT - 1; i++) await gw.client().signIn(p.email, p.password);
    expect(await storedSessionsOf(p.id)).toBe(MAX_SESSIONS_PER_ACCOUNT);
    expect(await signedIn(first)).toBe(true);
  });
});
