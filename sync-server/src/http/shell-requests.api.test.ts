/**
 * Only navigations get the app's page (http/shell-requests.ts; issue 18, point 7). A file the
 * build no longer has (an old hashed asset, the service worker, a Workbox runtime, an icon)
 * answers 404, so a device on an old page sees it is gone instead of running HTML as a script.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtPwaForFile } from '../testing/built-pwa';
import { gatewayForFile } from '../testing/per-file';
import { rawRequest } from '../testing/raw-http';
import { FILE_NOT_FOUND } from './shell-requests';

const INDEX_HTML = '<!doctype html><html lang="es-MX"><head><title>Inmobiliaria</title></head><body><div id="root"></div></body></html>';
const SW = 'self.addEventListener("fetch", () => {});\n';
const BROWSER_NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const pwa = builtPwaForFile({ 'index.html': INDEX_HTML, 'sw.js': SW, 'assets/index-New12345.js': 'export {};\n' });
const gw = gatewayForFile(() => ({ staticDir: pwa.dir }));

interface Answer { status: number; type: string; cache: string; body: string }

async function send(method: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const r = await rawRequest(method, gw.url, pathname, headers);
  return { status: r.status, type: String(r.headers['content-type'] ?? ''), cache: String(r.headers['cache-control'] ?? ''), body: r.body.toString('utf8') };
}

describe('files that do not exist', () => {
  const MISSING: Array<[string, Record<string, string>]> = [
    ['/assets/index-Old98765.js', { 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'cors', accept: '*/*' }],
    ['/assets/index-Old98765.css', { 'sec-fetch-dest': 'style', 'sec-fetch-mode': 'no-cors', accept: 'text/css,*/*;q=0.1' }],
    ['/assets/screens', {}],
    ['/workbox-5b3a1c2d.js', { 'sec-fetch-dest': 'script', accept: '*/*' }],
    ['/registerSW.js', {}],
    ['/icons/icon-192.png', { 'sec-fetch-dest': 'image', accept: 'image/avif,image/webp,*/*;q=0.8' }],
    ['/manifest.webmanifest', { 'sec-fetch-dest': 'manifest' }],
    ['/favicon.ico', {}],
    // A page that the browser asks for as a file: still a file.
    ['/dashboard/captaciones.js', BROWSER_NAVIGATION],
    ['/assets/..%2F..%2Fetc%2Fpasswd', {}],
  ];
  for (const [pathname, headers] of MISSING) {
    it(`answers 404 for ${pathname}, in Spanish, never the page, never stored`, async () => {
      for (const method of ['GET', 'HEAD']) {
        const r = await send(method, pathname, headers);
        expect(r.status, `${method} ${pathname}`).toBe(404);
        expect(r.type).not.toMatch(/html/);
        expect(r.cache).toBe('no-store');
        if (method === 'GET') expect(r.body).toBe(FILE_NOT_FOUND);
      }
    });
  }

  it('answers 404 for the service worker when a deployment has none, so the browser drops the old one', async () => {
    rmSync(pwa.file('sw.js'));
    try {
      const r = await send('GET', '/sw.js', { 'service-worker': 'script', 'sec-fetch-dest': 'serviceworker', accept: '*/*' });
      expect(r.status).toBe(404);
      expect(r.body).not.toContain('<html');
    } finally {
      writeFileSync(pwa.file('sw.js'), SW);
    }
  });

  it('answers a request of a screen path made for a script or a style with 404 too', async () => {
    expect((await send('GET', '/dashboard/home', { 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'no-cors' })).status).toBe(404);
    expect((await send('GET', '/dashboard/home', { accept: 'application/json' })).status).toBe(404);
  });

  it('answers any other method outside /api and /db with a Spanish 404', async () => {
    const r = await send('POST', '/dashboard/home', { 'content-type': 'text/plain' });
    expect([r.status, r.body]).toEqual([404, FILE_NOT_FOUND]);
  });
});

describe('files that exist and navigations', () => {
  it('serves the files the build has', async () => {
    const sw = await send('GET', '/sw.js', { 'sec-fetch-dest': 'serviceworker' });
    expect([sw.status, sw.body]).toEqual([200, SW]);
    expect(sw.cache).toBe('no-cache');
    const js = await send('GET', '/assets/index-New12345.js', { 'sec-fetch-dest': 'script' });
    expect([js.status, js.body]).toEqual([200, 'export {};\n']);
    expect((await send('GET', '/index.html')).body).toBe(INDEX_HTML);
  });

  it('gives the page to navigations of screen paths: a browser, one without Fetch Metadata, and the service worker', async () => {
    const cases: Array<Record<string, string>> = [
      BROWSER_NAVIGATION,
      { accept: 'text/html,application/xhtml+xml' },
      { 'sec-fetch-mode': 'same-origin', 'sec-fetch-dest': 'empty' },
      {},
    ];
    for (const headers of cases) {
      for (const pathname of ['/', '/dashboard/captaciones', '/dashboard/captaciones/cap-1/detalle', '/auth/sign-in']) {
        const r = await send('GET', pathname, headers);
        expect(r.status, `${pathname} ${JSON.stringify(headers)}`).toBe(200);
        expect(r.type).toMatch(/^text\/html/);
        expect(r.body).toBe(INDEX_HTML);
      }
    }
    expect((await send('HEAD', '/dashboard/home', BROWSER_NAVIGATION)).status).toBe(200);
  });
});
