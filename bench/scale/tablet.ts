/**
 * A new tablet of the scale bench: Chromium (a fresh profile, 1024 × 768) on the real PWA the
 * gateway serves from dist/, its network held by DevTools to NETWORK (20 Mbit/s each way, 40 ms
 * more per request) from the first page on. The PWA's pulls run on the page (no worker) and the
 * service worker answers only the app's own files, so every `/db` and `/api` request is held (the
 * service worker's own download of those files is another DevTools target, and is not).
 *
 * The person signs in through the sign-in screen; the clock starts as they press Enter and the
 * tablet is ready to work offline once the sync indicator says 'Al día' (every database's live pull
 * caught up: captaciones, their thumbnails, payslips) and the service worker controls the page (the
 * app's files are kept). Then, not timed: the device holds what it should (the oldest of them is
 * on the last page of the list), what the browser says it stores, the list's first row with the
 * CPU slowed 4× (bench/list.ts), and the REST list's search as an online device asks it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CDPSession, type Page } from 'playwright-core';
import { PAGE_SIZE } from '../../pwa/src/components/list/paging';
import { SORT_DESC } from '../../sync-server/src/captaciones/query';
import { PASSWORD } from '../load/accounts';
import { fromMenu, launchTablet, loopMs, ROW, THROTTLE } from '../list';

export const NETWORK = { bitsPerSecond: 20_000_000, latencyMs: 40 };
const FIRST_ROW_RUNS = 3;
const POLL_MS = 100;
const SYNCED = '[data-testid="sync-state"][data-status="up-to-date"]';

export interface Query {
  text: string;
}

export interface TabletRun {
  /** Seconds from pressing Enter until ready to work offline; NaN when it was not within the wait. */
  readyS: number;
  syncedS: number;
  workerS: number;
  /** Whether the oldest captación the device should hold was on the list's last page. */
  holdsAll: boolean;
  /** Documents in each of the device's databases. */
  held: Record<string, number>;
  usageBytes: number;
  usageDetails: Record<string, number>;
  firstRowMs: number[];
  loop: { plainMs: number; slowedMs: number };
  searchMs: number[];
  /** What the pull moved until ready: requests and bytes received (as sent: compressed). */
  requests: { total: number; changes: number; bulkGet: number; fotos: number; bytesDown: number };
}

/** Requests and the bytes their answers took on the wire, counted from DevTools' network events. */
function countRequests(cdp: CDPSession): { counts: TabletRun['requests']; stop(): void } {
  const counts = { total: 0, changes: 0, bulkGet: 0, fotos: 0, bytesDown: 0 };
  let on = true;
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    if (!on) return;
    const p = new URL(request.url).pathname;
    counts.total++;
    if (p.endsWith('/_changes')) counts.changes++;
    if (p.endsWith('/_bulk_get')) counts.bulkGet++;
    if (p.startsWith('/db/fotos')) counts.fotos++;
  });
  cdp.on('Network.loadingFinished', ({ encodedDataLength }) => {
    if (on) counts.bytesDown += encodedDataLength;
  });
  return { counts, stop: () => void (on = false) };
}

/** Seconds until `what` resolves, or NaN when it does not within `waitMs`. */
async function secondsUntil(t0: number, what: Promise<unknown>): Promise<number> {
  return what.then(
    () => (performance.now() - t0) / 1000,
    () => NaN,
  );
}

/**
 * Resolves once a service worker controls the page; asked again across the sign-in's navigations
 * (a question asked while the page changes is lost with it, and waitForFunction fails then).
 */
async function controlled(page: Page, waitMs: number): Promise<void> {
  const end = performance.now() + waitMs;
  while (performance.now() < end) {
    if (await page.evaluate<boolean>('!!navigator.serviceWorker.controller').catch(() => false)) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`Ningún trabajador de servicio controló la página en ${waitMs / 1000} s`);
}

/**
 * Documents per IndexedDB database of the device (PouchDB's `docs` store: its documents, deleted
 * ones and checkpoints included), to say what the tablet holds beside what it should.
 */
const HELD = `(async () => {
  const out = {};
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((resolve, reject) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    if (db.objectStoreNames.contains('docs')) {
      out[name] = await new Promise((resolve, reject) => {
        const q = db.transaction('docs').objectStore('docs').count();
        q.onsuccess = () => resolve(q.result);
        q.onerror = () => reject(q.error);
      });
    }
    db.close();
  }
  return out;
})()`;

/** Milliseconds of each search: the REST list as an online tablet asks it, answer read whole. */
async function searches(page: Page, queries: readonly Query[]): Promise<number[]> {
  const urls = queries.map((q) => `/api/captaciones?page=1&limit=${PAGE_SIZE}&sort=${SORT_DESC}&search=${encodeURIComponent(q.text)}`);
  return page.evaluate(`(async () => {
    const out = [];
    for (const url of ${JSON.stringify(urls)}) {
      const t0 = performance.now();
      const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
      await res.json();
      if (res.status !== 200) throw new Error(url + ' respondió ' + res.status);
      out.push(performance.now() - t0);
    }
    return out;
  })()`);
}

export async function newTablet(
  url: string,
  email: string,
  expected: { count: number; oldestName: string },
  queries: readonly Query[],
  readyWaitS: number,
  progress: (line: string) => void,
): Promise<TabletRun> {
  const profile = mkdtempSync(path.join(tmpdir(), 'inmo-bench-escala-'));
  const context = await launchTablet(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(120_000);
    page.on('pageerror', (e) => console.error('[bench scale] error en la página:', e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytesPerSecond = NETWORK.bitsPerSecond / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: NETWORK.latencyMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });

    await page.goto(`${url}/auth/sign-in`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    const counted = countRequests(cdp);
    const t0 = performance.now();
    await page.getByLabel('Contraseña').press('Enter');
    const waitMs = readyWaitS * 1000;
    const [syncedS, workerS] = await Promise.all([
      secondsUntil(t0, page.locator(SYNCED).waitFor({ timeout: waitMs })),
      secondsUntil(t0, controlled(page, waitMs)),
    ]);
    counted.stop();
    const readyS = Math.max(syncedS, workerS);

    let holdsAll = false;
    if (Number.isFinite(readyS)) {
      // The list is newest first: the oldest captación the device should hold closes its last page.
      await page.goto(`${url}/dashboard/captaciones?page=${Math.ceil(expected.count / PAGE_SIZE)}`);
      holdsAll = await page.locator(ROW, { hasText: expected.oldestName }).waitFor({ timeout: 60_000 }).then(() => true, () => false);
    }
    const held = await page.evaluate<Record<string, number>>(HELD);
    const estimate = await page.evaluate<{ usage?: number; usageDetails?: Record<string, number> }>('navigator.storage.estimate()');

    progress(`lista en ${readyS.toFixed(1)} s ('Al día' ${syncedS.toFixed(1)} s, trabajador de servicio ${workerS.toFixed(1)} s); ${holdsAll ? 'tiene' : 'NO tiene'} las ${expected.count}; ${JSON.stringify(held)}; ${JSON.stringify(estimate)}; ${JSON.stringify(counted.counts)}`);

    // The list's first row from the menu, on a tablet-class CPU: the page is loaded and caught up
    // at full speed first (what a reload costs with every record on the device is not this figure).
    const plainMs = await loopMs(page);
    const slowed = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await slowed(THROTTLE);
    const slowedMs = await loopMs(page);
    await slowed(1);
    const firstRowMs: number[] = [];
    for (let r = 0; r < FIRST_ROW_RUNS && Number.isFinite(readyS); r++) {
      try {
        await page.goto(`${url}/dashboard/profile`);
        await page.locator(SYNCED).waitFor();
        await slowed(THROTTLE);
        firstRowMs.push(await fromMenu(page));
      } catch (e) {
        progress(`primera fila ${r + 1}: ${(e as Error).message}`);
      } finally {
        await slowed(1);
      }
    }
    progress(`primera fila: ${JSON.stringify(firstRowMs.map(Math.round))} ms`);

    // One search first, not counted: the first request of a page pays for its connection.
    await searches(page, queries.slice(0, 1));
    const searchMs = await searches(page, queries);
    return { readyS, syncedS, workerS, holdsAll, held, usageBytes: estimate.usage ?? NaN, usageDetails: estimate.usageDetails ?? {}, firstRowMs, loop: { plainMs, slowedMs }, searchMs, requests: counted.counts };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
