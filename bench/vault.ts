/**
 * `npm run bench -- vault`: what the device's encryption costs in Chromium (docs/architecture.md,
 * "Datos cifrados en el dispositivo"): deriving the password's key (PBKDF2_ITERATIONS, the wait of
 * every sign-in and unlock), and sealing and opening 5,000 captaciones with AES-GCM as the local
 * databases do for every write and read. WebCrypto runs off the main thread, where DevTools' CPU
 * slowdown does not reach: the figures are this machine's; a tablet is some 3-4× slower.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import { CHROMIUM_FLAGS } from '../e2e/harness';
import { PBKDF2_ITERATIONS } from '../pwa/src/lib/vault/crypto';
import type { Row } from './row';
import { median } from './stats';

const RECORDS = 5_000;
const RUNS = 5;

export async function benchVault(): Promise<Row[]> {
  // A page of our own origin: WebCrypto needs a secure context (127.0.0.1 is one).
  const server = createServer((_req, res) => res.end('<!doctype html><title>bench</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const doc = { ...sampleCaptacion(), _id: 'cap-bench' };
    const samples = await page.evaluate(
      async ({ iterations, records, runs, doc }) => {
        const subtle = crypto.subtle;
        const derive: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          const material = await subtle.importKey('raw', new TextEncoder().encode('Contraseña-de-prueba-1'), 'PBKDF2', false, ['deriveKey']);
          await subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt: crypto.getRandomValues(new Uint8Array(16)), iterations }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt']);
          derive.push(performance.now() - t0);
        }
        const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
        const sealed: Array<{ iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }> = [];
        const s0 = performance.now();
        for (let i = 0; i < records; i++) {
          const iv = crypto.getRandomValues(new Uint8Array(12));
          sealed.push({ iv, data: await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify({ ...doc, n: i }))) });
        }
        const sealMs = performance.now() - s0;
        const o0 = performance.now();
        for (const s of sealed) JSON.parse(new TextDecoder().decode(await subtle.decrypt({ name: 'AES-GCM', iv: s.iv }, key, s.data)));
        const openMs = performance.now() - o0;
        return { derive, sealMs, openMs, bytes: JSON.stringify(doc).length };
      },
      { iterations: PBKDF2_ITERATIONS, records: RECORDS, runs: RUNS, doc },
    );
    return [
      { name: `PBKDF2-SHA-256, ${PBKDF2_ITERATIONS.toLocaleString('es-MX')} vueltas (mediana de ${RUNS})`, value: Math.round(median(samples.derive)), unit: 'ms', target: '≈ 250 en una tableta', note: 'cada inicio de sesión y cada desbloqueo lo pagan una vez; en una tableta, unas 3-4 veces esto' },
      { name: `sellar ${RECORDS.toLocaleString('es-MX')} captaciones (${samples.bytes} bytes c/u)`, value: Math.round(samples.sealMs), unit: 'ms', note: 'lo que añade una descarga inicial, repartido en sus lotes' },
      { name: `abrir ${RECORDS.toLocaleString('es-MX')} captaciones`, value: Math.round(samples.openMs), unit: 'ms', note: 'la lista no las abre todas: lee su índice (un documento) y las diez de la página' },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
