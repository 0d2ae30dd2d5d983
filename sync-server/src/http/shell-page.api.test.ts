/**
 * The shell page of a signed-in navigation carries the session check's answer (http/shell-page.ts):
 * only for a navigation with a live session, never cached, never the service worker's copy, and
 * with whatever a user typed into their name kept inside the data block.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SESSION_ID } from '../../../couch-design/usuario';
import { builtPwaForFile } from '../testing/built-pwa';
import { gatewayForFile } from '../testing/per-file';
import { decode, rawGet, type RawAnswer } from '../testing/raw-http';

const INDEX_HTML = '<!doctype html><html lang="es-MX"><head><title>Inmobiliaria</title></head><body><div id="root"></div></body></html>';
const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
const HOSTILE_NAME = '</script><script>alert(1)</script>\u2028<!--';

const pwa = builtPwaForFile({ 'index.html': INDEX_HTML });
const gw = gatewayForFile(() => ({ staticDir: pwa.dir }));
let cookie: string;
let userId: string;

beforeAll(async () => {
  const user = await gw.createUser({ role: 'administrador', prim_nom: HOSTILE_NAME, empleado_id: 'emp-7' });
  userId = user.id;
  cookie = (await gw.client().signIn(user.email, user.password)).cookie;
});

/** The page's data block as the PWA reads it: the element's text, parsed. */
function sessionIn(page: string): unknown {
  const open = `<script type="application/json" id="${PAGE_SESSION_ID}">`;
  const start = page.indexOf(open);
  if (start === -1) return null;
  const body = page.slice(start + open.length, page.indexOf('</script>', start));
  return JSON.parse(body);
}

const page = (r: RawAnswer) => decode(r);

describe('the shell page of a signed-in navigation', () => {
  it("holds check-auth's answer for that person, no password, and is never stored", async () => {
    const r = await rawGet(gw.url, '/dashboard/captaciones', { ...NAVIGATE, cookie, 'accept-encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(String(r.headers.vary)).toMatch(/Cookie/i);
    const check = await gw.client().fetch('/api/check-auth', { headers: { cookie } }).then((a) => a.json());
    expect(sessionIn(page(r))).toEqual(check);
    expect(check).toMatchObject({ authenticated: true, user: { id: userId, role: 'administrador', empleado_id: 'emp-7' } });
    expect(page(r)).not.toMatch(/password|hash/i);
    // The rest of the shell is the build's, untouched.
    expect(page(r).replace(/<script type="application\/json"[^]*?<\/script>/, '')).toBe(INDEX_HTML);
  });

  it('keeps a name full of markup inside the data block, exactly as typed', async () => {
    const text = page(await rawGet(gw.url, '/dashboard/home', { ...NAVIGATE, cookie }));
    // One data block and nothing else: no second script, no comment opened inside the page.
    expect(text.match(/<script/g)).toHaveLength(1);
    expect(text).not.toContain('<!--');
    expect((sessionIn(text) as { user: { nombre: string } }).user.nombre).toContain(HOSTILE_NAME);
  });

  it("leaves the service worker's copy, an anonymous visit and an ended session with the plain shell", async () => {
    const serviceWorker = await rawGet(gw.url, '/dashboard/captaciones', { 'sec-fetch-mode': 'same-origin', cookie });
    const noMetadata = await rawGet(gw.url, '/dashboard/captaciones', { cookie });
    const anonymous = await rawGet(gw.url, '/dashboard/captaciones', NAVIGATE);
    for (const r of [serviceWorker, noMetadata, anonymous]) {
      expect(page(r)).toBe(INDEX_HTML);
      expect(r.headers['cache-control']).toBe('no-cache');
    }

    const leaving = gw.client();
    leaving.cookie = cookie;
    expect((await leaving.json('POST', '/api/logout')).status).toBe(200);
    expect(page(await rawGet(gw.url, '/dashboard/captaciones', { ...NAVIGATE, cookie }))).toBe(INDEX_HTML);
  });
});
