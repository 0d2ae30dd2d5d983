/**
 * The PWA's weight as a visitor's first load pays it: the entry chunk and stylesheet named in
 * dist/index.html, gzip-compressed, plus what the service worker precaches. Needs `npm run build`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './row';

const DIST = path.resolve('dist');
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gz = (file: string) => gzipSync(new Uint8Array(readFileSync(file)), { level: 9 }).length;

export async function benchBundle(): Promise<Row[]> {
  const index = path.join(DIST, 'index.html');
  if (!existsSync(index)) throw new Error('Falta dist/: ejecute "npm run build" antes de medir el paquete.');
  const html = readFileSync(index, 'utf8');
  const entry = /<script[^>]+src="\/?([^"]+\.js)"/.exec(html)?.[1];
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+\.css)"/g)].map((m) => m[1]);
  const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => path.join(DIST, m[1])).filter((f) => existsSync(f) && statSync(f).isFile());
  const jsFiles = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  return [
    { name: 'PWA: chunk de entrada (gzip)', value: entry ? kib(gz(path.join(DIST, entry))) : 0, unit: 'KiB' },
    { name: 'PWA: hojas de estilo iniciales (gzip)', value: kib(css.reduce((n, f) => n + gz(path.join(DIST, f)), 0)), unit: 'KiB' },
    { name: 'PWA: precache del service worker (gzip)', value: kib(precached.reduce((n, f) => n + gz(f), 0)), unit: 'KiB', note: `${precached.length} archivos; ${jsFiles.length} chunks JS en total, los de jsPDF y las vistas se cargan al usarse` },
  ];
}
