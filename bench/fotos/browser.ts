/**
 * Part 1 of the photos bench: adding 10 photos from 12-megapixel camera files on a phone-class CPU.
 * Chromium (playwright-core, `CHROME_PATH` or /usr/bin/chromium, a fresh profile) loads page.ts, bundled here with
 * esbuild, on a page of its own origin (IndexedDB needs one); the camera files are made there
 * first at full speed, then the CPU is slowed 4× (`Emulation.setCPUThrottlingRate`) and the PWA's
 * steps run: `resizePhoto` for each file, then `addFotos` into IndexedDB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { AddResult } from './page';

export const THROTTLE = 4;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// localhost is a secure context (navigator.storage); playwright answers it, nothing listens there.
const ORIGIN = 'http://localhost:9';

export interface CameraRun extends AddResult {
  cameraBytes: number[];
}

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, 'page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    // PouchDB's browser builds read these Node names.
    define: { global: 'globalThis', 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

export async function addTenPhotos(count = 10): Promise<CameraRun> {
  const script = await bundle();
  const profile = mkdtempSync(path.join(tmpdir(), 'inmo-bench-fotos-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
    viewport: { width: 1024, height: 768 },
  });
  try {
    await context.route(`${ORIGIN}/**`, (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/page.js') return route.fulfill({ contentType: 'text/javascript', body: script });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>fotos</title><script src="/page.js"></script>' });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(600_000);
    page.on('pageerror', (e) => console.error('[bench fotos] error en la página:', e.message));
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'benchFotos' in globalThis);
    const cameraBytes = await page.evaluate((n) => (globalThis as unknown as { benchFotos: { makeFiles(n: number): Promise<number[]> } }).benchFotos.makeFiles(n), count);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const result = await page.evaluate(() => (globalThis as unknown as { benchFotos: { addPhotos(): Promise<AddResult> } }).benchFotos.addPhotos());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { ...result, cameraBytes };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
