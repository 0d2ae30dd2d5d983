/**
 * Signing out is a change: only `POST /api/logout` from the app's own origin does it (issue 18,
 * point 4). A cross-site link, image or prefetch (GET or HEAD) or a cross-site form leaves the
 * person signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type CreatedUser, type HttpClient, type TestGateway } from '../testing/gateway';
import { CROSS_SITE } from '../http/same-origin';
import { LOGOUT_POST_ONLY } from './routes';

let gw: TestGateway;
let p: CreatedUser;
beforeAll(async () => {
  gw = await startGateway();
  p = await gw.createUser();
});
afterAll(() => gw?.close());

const signedIn = async (c: HttpClient): Promise<boolean> => (await c.json('GET', '/api/check-auth')).body.authenticated === true;

describe('signing out', () => {
  it('is refused by GET and HEAD with 405, Allow: POST and a Spanish reason; the session stays', async () => {
    const c = await gw.client().signIn(p.email, p.password);
    const get = await c.fetch('/api/logout', { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ success: false, mensaje: LOGOUT_POST_ONLY });
    const head = await c.fetch('/api/logout', { method: 'HEAD' });
    expect(head.status).toBe(405);
    const sameSiteGet = await c.fetch('/api/logout');
    expect(sameSiteGet.status).toBe(405);
    expect(await signedIn(c)).toBe(true);
  });

  it('is refused from another site, even by POST', async () => {
    const c = await gw.client().signIn(p.email, p.password);
    const bySite = await c.fetch('/api/logout', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(bySite.status).toBe(403);
    expect((await bySite.json()).mensaje).toBe(CROSS_SITE);
    const byOrigin = await c.fetch('/api/logout', { method: 'POST', headers: { origin: 'https://otro.sitio.example' } });
    expect(byOrigin.status).toBe(403);
    const form = await c.fetch('/api/logout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
    expect(await signedIn(c)).toBe(true);
  });

  it('works by POST from the app, as the PWA sends it (no body), and ends the session on the server', async () => {
    const c = await gw.client().signIn(p.email, p.password);
    const cookie = c.cookie;
    const out = await c.fetch('/api/logout', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin', accept: 'application/json' } });
    expect(out.status).toBe(200);
    expect(await out.json()).toMatchObject({ success: true, mensaje: 'Sesión cerrada correctamente.' });
    const replay = gw.client();
    replay.cookie = cookie;
    expect(await signedIn(replay)).toBe(false);
  });
});
