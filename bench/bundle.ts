/**
 * The PWA's weight as a visitor's first load pays it (issue 11 item 2): the JavaScript the page
 * needs before its first render (the entry chunk and the chunks dist/index.html preloads with it)
 * and the stylesheets that block the first paint, gzip (level 9) and raw, each gzip figure beside
 * its budget; the brotli copies the gateway actually sends; and what the service worker precaches.
 * Sizes in kB (1000 bytes), as Vite prints them. Needs `npm run build`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './row';

const DIST = path.resolve('dist');
const ENTRY_JS_BUDGET_KB = 170;
const INITIAL_CSS_BUDGET_KB = 30;

const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const gz = (file: string) => gzipSync(new Uint8Array(readFileSync(file)), { level: 9 }).length;
const raw = (file: string) => statSync(file).size;
/** The build's brotli copy (pwa/build/precompress.ts), or the file itself when it has none. */
const br = (file: string) => (existsSync(`${file}.br`) ? statSync(`${file}.br`).size : raw(file));
const sum = (files: string[], size: (f: string) => number) => files.reduce((n, f) => n + size(f), 0);

export async function benchBundle(): Promise<Row[]> {
  const index = path.join(DIST, 'index.html');
  if (!existsSync(index)) throw new Error('Falta dist/: ejecute "npm run build" antes de medir el paquete.');
  const html = readFileSync(index, 'utf8');
  const inDist = (href: string) => path.join(DIST, href.replace(/^\//, ''));
  const entry = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => inDist(m[1]));
  const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => inDist(m[1]));
  const js = [...entry, ...preloaded];
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) => inDist(m[1]));
  const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => path.join(DIST, m[1])).filter((f) => existsSync(f) && statSync(f).isFile());
  const jsFiles = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  return [
    {
      name: 'PWA: JS inicial (entrada y sus modulepreload), gzip',
      value: kb(sum(js, gz)),
      unit: 'kB',
      target: `≤ ${ENTRY_JS_BUDGET_KB}`,
      note: `${js.length} archivos: ${js.map((f) => path.basename(f)).join(', ')}`,
    },
    { name: 'PWA: JS inicial, sin comprimir', value: kb(sum(js, raw)), unit: 'kB' },
    {
      name: 'PWA: CSS inicial (bloquea el primer pintado), gzip',
      value: kb(sum(css, gz)),
      unit: 'kB',
      target: `≤ ${INITIAL_CSS_BUDGET_KB}`,
      note: 'la parte de Blueprint que dibujan el inicio de sesión y la carga; la hoja completa llega con el panel',
    },
    { name: 'PWA: CSS inicial, sin comprimir', value: kb(sum(css, raw)), unit: 'kB' },
    { name: 'PWA: JS y CSS iniciales como se envían (brotli)', value: kb(sum([...js, ...css], br)), unit: 'kB' },
    { name: 'PWA: precache del service worker (gzip)', value: kb(sum(precached, gz)), unit: 'kB', note: `${precached.length} archivos; ${jsFiles.length} chunks JS en total, los de jsPDF y las vistas se cargan al usarse` },
  ];
}
