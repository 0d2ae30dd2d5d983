/**
 * Signing out is a change: `POST /api/logout` from the app's own origin does it (issue 18, point 4),
 * and so does the specification's `GET /api/logout` when the request says it comes from the app's
 * own pages (issue 36, point 3). A cross-site link, image or prefetch (GET or HEAD), a GET that
 * does not say where it comes from, or a cross-site form leaves the person signed in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { CROSS_SITE } from '../http/same-origin';
import { LOGOUT_DONE, LOGOUT_METHODS } from './routes';

const gw = gatewayForFile();
let p: CreatedUser;
beforeAll(async () => {
  p = await gw.createUser();
});

const signedIn = async (c: HttpClient): Promise<boolean> => (await c.json('GET', '/api/check-auth')).body.authenticated === true;

/** The session of `c` no longer opens anything on the server, even replayed. */
async function sessionEnded(cookie: string): Promise<boolean> {
  const replay = gw.client();
  replay.cookie = cookie;
  return !(await signedIn(replay));
}

describe('signing out by GET', () => {
  it('works from the app’s own pages, as Sec-Fetch-Site, Origin or Referer say, and ends the session on the server', async () => {
    const own = new URL(gw.url).origin;
    const ways: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      { origin: own },
      { referer: `${own}/dashboard/home` },
    ];
    for (const headers of ways) {
      const c = await gw.client().signIn(p.email, p.password);
      const cookie = c.cookie;
      const out = await c.fetch('/api/logout', { headers: { accept: 'application/json', ...headers } });
      expect(out.status, JSON.stringify(headers)).toBe(200);
      expect(await out.json()).toEqual({ success: true, mensaje: LOGOUT_DONE });
      expect(await sessionEnded(cookie), JSON.stringify(headers)).toBe(true);
    }
  });

  it('is refused from another site, or when nothing says where it comes from, with 403 and a Spanish reason; the session stays', async () => {
    const c = await gw.client().signIn(p.email, p.password);
    const own = new URL(gw.url).origin;
    const refused: Array<Record<string, string>> = [
      // An <img> of another site, over HTTPS.
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      // A sibling subdomain, a link followed from the address bar or a bookmark.
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      // Sec-Fetch-Site decides when present, whatever the Referer says.
      { 'sec-fetch-site': 'cross-site', referer: `${own}/dashboard/home` },
      { origin: 'https://otro.sitio.example' },
      { origin: 'null' },
      { referer: 'https://otro.sitio.example/pagina' },
      // Over plain HTTP an image of another site sends neither header (and no Referer with no-referrer).
      {},
      // The app's own prefetch is still no person's act.
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' },
      { origin: own, purpose: 'prefetch' },
    ];
    for (const headers of refused) {
      const res = await c.fetch('/api/logout', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ success: false, mensaje: CROSS_SITE });
    }
    expect(await signedIn(c)).toBe(true);
  });

  it('HEAD and other methods are answered 405 with Allow: GET, POST; the session stays', async () => {
    const c = await gw.client().signIn(p.email, p.password);
    const head = await c.fetch('/api/logout', { method: 'HEAD', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET, POST');
    const del = await c.fetch('/api/logout', { method: 'DELETE', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(del.status).toBe(405);
    expect(await del.json()).toEqual({ success: false, mensaje: LOGOUT_METHODS });
    expect(await signedIn(c)).toBe(true);
  });
});

describe('signing out by POST', () => {
  it('is refused from another site', async () => {
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

  it('works from the app, as the PWA sends it (no body), and ends the session on the server', async () => {
    const c = await gw.client().signIn(p.email, p.password);
    const cookie = c.cookie;
    const out = await c.fetch('/api/logout', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin', accept: 'application/json' } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true, mensaje: LOGOUT_DONE });
    expect(await sessionEnded(cookie)).toBe(true);
  });
});
